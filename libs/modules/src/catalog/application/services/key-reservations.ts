import type { Queryable } from '@app/platform';

/** A write-side uniqueness table: one row per (platform, key), naming the entry that holds it. */
export interface KeyTable {
  table: 'artist_link_keys' | 'venue_keys';
  idColumn: 'artist_id' | 'venue_id';
  nameColumn: 'artist_name' | 'venue_name';
}

export interface ReservedKey {
  platform: string;
  key: string;
}

/**
 * Reserves keys for an entry in the transaction that appends its events, so two entries can never hold
 * the same one (a Spotify id, a Bandcamp page, a venue's name in its city...). Keys the entry already
 * holds are kept; with `release`, keys it holds and no longer wants are given up (an update). Answers
 * the first key (in the caller's order) another entry holds, with that entry's name, or null when every key is now the entry's.
 */
export async function reserveKeys(
  tx: Queryable,
  { table, idColumn, nameColumn }: KeyTable,
  entry: { id: string; name: string },
  keys: readonly ReservedKey[],
  options: { release?: boolean } = {},
): Promise<(ReservedKey & { holder: string }) | null> {
  const platforms = keys.map((k) => k.platform);
  const values = keys.map((k) => k.key);
  if (options.release) {
    await tx.query(
      `delete from ${table} where ${idColumn} = $1
       and (platform, key) not in (select * from unnest($2::text[], $3::text[]))`,
      [entry.id, platforms, values],
    );
  }
  if (keys.length === 0) return null;
  // `on conflict do update` (a no-op update) rather than `do nothing`: when a racing transaction has just
  // committed the same key, `do nothing` skips it and a lookup in the same statement cannot see that row
  // (its snapshot predates the commit), so both entries believed they held the key. The update waits for
  // the racer, locks the committed row and returns it, so every key comes back with its real holder. Keys
  // go in one order so two entries claiming overlapping keys lock them in the same order (no deadlock).
  const { rows } = await tx.query<ReservedKey & { holder_id: string; holder: string }>(
    `insert into ${table} as k (platform, key, ${idColumn}, ${nameColumn})
     select distinct platform, key, $3::text, $4::text from unnest($1::text[], $2::text[]) as w(platform, key)
     order by platform, key
     on conflict (platform, key) do update set ${idColumn} = k.${idColumn}
     returning k.platform, k.key, k.${idColumn} as holder_id, k.${nameColumn} as holder`,
    [platforms, values, entry.id, entry.name],
  );
  const heldByOthers = new Map(
    rows.filter((row) => row.holder_id !== entry.id).map((row) => [`${row.platform}\u0000${row.key}`, row.holder]),
  );
  for (const { platform, key } of keys) {
    const holder = heldByOthers.get(`${platform}\u0000${key}`);
    if (holder !== undefined) return { platform, key, holder };
  }
  return null;
}
