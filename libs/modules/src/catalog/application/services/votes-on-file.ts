import type { Queryable } from '@app/platform';

/**
 * An entry's vote count from the write side: the votes whose last event on their (entry, fan) stream
 * is a cast. Only for a vote on an entry the catalogue's read model does not show yet (the worker is
 * behind): the answer must not be a 404 for an entry that was just added, nor a made-up count. It
 * scans the entry's vote streams, which is fine for an entry that new.
 */
export async function votesOnFile(
  db: Queryable,
  streamPrefix: string,
  types: { cast: string; withdrawn: string },
): Promise<number> {
  const { rows } = await db.query<{ votes: number }>(
    `select count(*)::int as votes from (
       select distinct on (stream_id) type from events
       where stream_id like $1 || '%' and type = any($2::text[])
       order by stream_id, stream_version desc
     ) last where type = $3`,
    [streamPrefix, [types.cast, types.withdrawn], types.cast],
  );
  return rows[0]?.votes ?? 0;
}
