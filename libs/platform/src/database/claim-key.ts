import type { Queryable } from './pool.js';
import { singleRow } from './single-row.js';

/** A write-side uniqueness table: the key is its primary key, the holder who reserved it a column. */
export interface ClaimTable {
  table: string;
  keyColumn: string;
  holderColumn: string;
}

/**
 * Claims a unique key in the caller's transaction and answers who holds it now: `holder` when this
 * claim won (or the holder already had it), else the holder whose claim committed first. Correct at
 * READ COMMITTED under any interleaving: the no-op `do update` waits for a racing claim, then locks
 * and returns the committed row, which a separate lookup (or `do nothing` plus a lookup in the same
 * statement) could miss. A second claim by the same holder (a doubled request) is not a conflict.
 */
export async function claimKey(
  tx: Queryable,
  { table, keyColumn, holderColumn }: ClaimTable,
  key: string,
  holder: string,
) {
  const { rows } = await tx.query<{ holder: string }>(
    `insert into ${table} as t (${keyColumn}, ${holderColumn}) values ($1, $2)
     on conflict (${keyColumn}) do update set ${holderColumn} = t.${holderColumn}
     returning t.${holderColumn} as holder`,
    [key, holder],
  );
  return singleRow(rows).holder;
}
