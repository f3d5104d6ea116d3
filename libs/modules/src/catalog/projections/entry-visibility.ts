import type { Queryable } from '@app/platform';
import type { EntryChange } from './entry-batch.js';

/**
 * An operator hid an entry (with the reason its adder is shown) or restored it: it leaves, or comes back
 * to, everything that lists public entries (the All tab, search, the public total; `is_public`), in log
 * order after its add like the kind's other rare changes. Votes, favourites and fans stay as they were.
 */
export function visibilityChange(tables: string, entryId: string, hiddenReason: string | null): EntryChange {
  return { change: 'inOrder', apply: (db) => setVisibility(db, tables, entryId, hiddenReason) };
}

/** The statements of a hide (a reason) or a restore (null); the per-event reference runs them too. */
export async function setVisibility(
  db: Queryable,
  tables: string,
  entryId: string,
  hiddenReason: string | null,
): Promise<void> {
  const isPublic = hiddenReason === null;
  const { rowCount } = await db.query(
    `update ${tables}s set is_public = $2, hidden_reason = $3 where id = $1 and is_public <> $2`,
    [entryId, isPublic, hiddenReason],
  );
  if (rowCount) {
    await db.query(`update ${tables}_totals set public_count = public_count + $1`, [isPublic ? 1 : -1]);
  }
}

/** The column a kind's later migration adds for the reason its adder is shown. */
export const HIDDEN_REASON_MIGRATION = {
  description: "hidden entries' reasons (an operator hid them: they leave lists and search, their adder sees why)",
  sql: (tables: string) => `alter table ${tables}s add column hidden_reason text;`,
};
