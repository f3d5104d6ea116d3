import { MODERATION_MESSAGES } from '@app/contracts';
import { RefusedError } from '@app/domain';
import type { Queryable } from '@app/platform';
import type { CatalogKind } from '../../catalog-kind.js';

/** Merges chain at most this deep (a survivor merged away later); the lookups stop there. */
const MAX_CHAIN = 8;

/**
 * Where an id leads after merges (itself when never merged): the survivor it was merged into, or that
 * one's survivor in turn. Old links and late votes on a duplicate reach the entry that lives on.
 */
export async function survivorOf(db: Queryable, kind: 'artist' | 'venue', entryId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `with recursive chain (id, depth) as (
       select $2::text, 0
       union all
       select m.survivor_id, c.depth + 1 from chain c
       join catalog_merges m on m.kind = $1 and m.duplicate_id = c.id
       where c.depth < ${MAX_CHAIN})
     select id from chain order by depth desc limit 1`,
    [kind, entryId],
  );
  return rows[0]?.id ?? entryId;
}

/** Every duplicate merged into `survivorId`, directly or through another duplicate. */
export async function duplicatesOf(db: Queryable, kind: 'artist' | 'venue', survivorId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `with recursive merged (id, depth) as (
       select duplicate_id, 1 from catalog_merges where kind = $1 and survivor_id = $2
       union all
       select m.duplicate_id, d.depth + 1 from merged d
       join catalog_merges m on m.kind = $1 and m.survivor_id = d.id
       where d.depth < ${MAX_CHAIN})
     select id from merged`,
    [kind, survivorId],
  );
  return rows.map((row) => row.id);
}

/**
 * In the merge's transaction: the duplicate is merged once (the primary key), and the keys it held (its
 * links, a venue's name in its city) now name the survivor, so adding it again points to the survivor.
 */
export async function recordMerge(
  tx: Queryable,
  kind: Pick<CatalogKind, 'name' | 'keys'>,
  merge: { duplicateId: string; survivorId: string; survivorName: string },
): Promise<void> {
  // A racing merge of the same duplicate that committed first: this one waited for it and is refused
  // (its stream append would be too; the row comes first in the transaction, so it decides).
  const { rowCount } = await tx.query(
    `insert into catalog_merges (kind, duplicate_id, survivor_id) values ($1, $2, $3) on conflict do nothing`,
    [kind.name, merge.duplicateId, merge.survivorId],
  );
  if (rowCount === 0) throw new RefusedError('conflict', MODERATION_MESSAGES.alreadyMerged);
  const { table, idColumn, nameColumn } = kind.keys;
  await tx.query(`update ${table} set ${idColumn} = $2, ${nameColumn} = $3 where ${idColumn} = $1`, [
    merge.duplicateId,
    merge.survivorId,
    merge.survivorName,
  ]);
}
