import type { StoredEvent } from '@app/event-store';
import type { Queryable } from '@app/platform';
import type { CatalogKind } from '../catalog-kind.js';
import type { MarkEvent } from '../domain/entry-marks.js';
import type { CountDeltas } from './count-deltas.js';
import { insertRows, type Column } from './unnest-rows.js';

type MarkedKind = Pick<CatalogKind, 'tables' | 'idColumn' | 'vote' | 'favorite'>;

/** A vote's or favourite's row as the first "on" that made it wrote it. */
export interface MarkRow {
  entryId: string;
  userId: string;
  position: number;
  createdAt: Date;
}

/** What a batch does to one table of marks: rows to take out, then rows to put in. */
export interface MarkChanges {
  /** (entry, user) pairs the batch turned off at least once: their row, if any, goes. */
  deletes: { entryId: string; userId: string }[];
  /** Pairs the batch leaves on, with the row the first "on" after the last "off" writes. */
  inserts: MarkRow[];
}

interface PairState {
  entryId: string;
  userId: string;
  turnedOff: boolean;
  /** The first "on" since the last "off" (or since the batch began); null while off. */
  row: MarkRow | null;
}

/**
 * Folds a batch's marks of one table per (entry, user) into the statements that leave the same rows as
 * applying them one by one: an "on" inserts unless the row is there, an "off" deletes. So a pair's row
 * at the end is absent if its last event is an "off"; otherwise it is the database's row if the batch
 * never turned it off, else the one written by the first "on" after the last "off". Deleting every pair
 * turned off, then inserting (on conflict do nothing) every pair left on gives exactly that, and what
 * the two statements return says which rows really went and came, which is what the counts follow.
 */
export function foldMarks(events: readonly StoredEvent<MarkEvent>[], on: string, idField: string): MarkChanges {
  const pairs = new Map<string, PairState>();
  for (const event of events) {
    const data: Readonly<Record<string, unknown>> = event.data;
    const entryId = data[idField];
    if (typeof entryId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} names no ${idField}`);
    const { userId } = event.data;
    // A NUL cannot appear in either id, so the joined key is unambiguous.
    const key = `${entryId}\u0000${userId}`;
    let pair = pairs.get(key);
    if (!pair) pairs.set(key, (pair = { entryId, userId, turnedOff: false, row: null }));
    if (event.type !== on) {
      pair.turnedOff = true;
      pair.row = null;
    } else {
      pair.row ??= { entryId, userId, position: event.globalPosition, createdAt: event.recordedAt };
    }
  }
  const states = [...pairs.values()];
  return {
    deletes: states.filter((pair) => pair.turnedOff).map(({ entryId, userId }) => ({ entryId, userId })),
    inserts: states.flatMap((pair) => (pair.row ? [pair.row] : [])),
  };
}

/**
 * A batch's votes and favourites: per table one delete and one insert, and the counts they really
 * changed added to `counts` (written once for the whole batch by the caller).
 */
export async function applyMarks(
  db: Queryable,
  kind: MarkedKind,
  events: readonly StoredEvent<MarkEvent>[],
  counts: CountDeltas,
): Promise<void> {
  const { tables, idColumn, vote, favorite } = kind;
  const votes = events.filter((event) => event.type === vote.on || event.type === vote.off);
  const favorites = events.filter((event) => event.type === favorite.on || event.type === favorite.off);
  const entry: Column = { name: idColumn, type: 'text' };
  const user: Column = { name: 'user_id', type: 'text' };
  const createdAt: Column = { name: 'created_at', type: 'timestamptz' };
  // The two tables' statements go out together (a pipelined connection): neither reads the other.
  const votesApplied = applyTable(db, idColumn, counts, {
    table: `${tables}_votes`,
    count: 'vote_count',
    changes: foldMarks(votes, vote.on, vote.idField),
    columns: [entry, user, createdAt],
    values: (row) => [row.entryId, row.userId, row.createdAt],
  });
  const favoritesApplied = applyTable(db, idColumn, counts, {
    table: `${tables}_favorites`,
    count: 'favorite_count',
    changes: foldMarks(favorites, favorite.on, favorite.idField),
    columns: [entry, user, { name: 'position', type: 'bigint' }, createdAt],
    values: (row) => [row.entryId, row.userId, row.position, row.createdAt],
  });
  await Promise.all([votesApplied, favoritesApplied]);
}

async function applyTable(
  db: Queryable,
  idColumn: string,
  counts: CountDeltas,
  target: {
    table: string;
    count: string;
    changes: MarkChanges;
    columns: readonly Column[];
    values: (row: MarkRow) => unknown[];
  },
): Promise<void> {
  const { table, count, changes } = target;
  if (changes.deletes.length > 0) {
    const { rows } = await db.query<{ entry_id: string }>(
      `delete from ${table} m using unnest($1::text[], $2::text[]) as d(entry_id, user_id)
       where m.${idColumn} = d.entry_id and m.user_id = d.user_id
       returning m.${idColumn} as entry_id`,
      [changes.deletes.map((pair) => pair.entryId), changes.deletes.map((pair) => pair.userId)],
    );
    for (const row of rows) counts.add(row.entry_id, count, -1);
  }
  const inserted = await insertRows<{ entry_id: string }>(
    db,
    table,
    target.columns,
    changes.inserts.map(target.values),
    `on conflict do nothing returning ${idColumn} as entry_id`,
  );
  for (const row of inserted) counts.add(row.entry_id, count, 1);
}
