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
 * the first key another entry holds, with that entry's name, or null when every key is now the entry's.
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
  const { rows } = await tx.query<ReservedKey & { holder_id: string; holder: string }>(
    `with wanted as (
       select * from unnest($1::text[], $2::text[]) as w(platform, key)
     ), inserted as (
       insert into ${table} (platform, key, ${idColumn}, ${nameColumn})
       select platform, key, $3, $4 from wanted
       on conflict (platform, key) do nothing
       returning platform, key
     )
     select k.platform, k.key, k.${idColumn} as holder_id, k.${nameColumn} as holder from wanted w
     join ${table} k using (platform, key)
     where not exists (select 1 from inserted i where i.platform = w.platform and i.key = w.key)`,
    [platforms, values, entry.id, entry.name],
  );
  const taken = rows.find((row) => row.holder_id !== entry.id);
  return taken ? { platform: taken.platform, key: taken.key, holder: taken.holder } : null;
}
