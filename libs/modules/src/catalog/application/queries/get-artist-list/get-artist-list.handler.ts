import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { foldName, nameSearchKey, RefusedError } from '@app/domain';
import { InjectPool, withTransaction, type Pool, type Queryable } from '@app/platform';
import { ARTIST_COLUMNS, SET_SEARCH_THRESHOLD, toArtist, type ArtistRow } from '../artist-rows.js';
import { GetArtistList, type ArtistListPage, type ArtistTab } from './get-artist-list.query.js';

/** Where each tab's rows come from, and the log position that orders it (newest first). */
const TAB_SOURCES: Record<ArtistTab, { from: string; where: string; position: string }> = {
  all: { from: 'catalog_artists a', where: 'a.is_public', position: 'a.position' },
  my: {
    from: 'catalog_artist_fans t join catalog_artists a on a.id = t.artist_id',
    where: 't.user_id = $1',
    position: 't.position',
  },
  favorites: {
    from: 'catalog_artist_favorites t join catalog_artists a on a.id = t.artist_id',
    where: 't.user_id = $1',
    position: 't.position',
  },
};

/**
 * A cursor is opaque to the browser: `k<position>` continues a newest-first list after that position
 * (stable while artists are added), `o<offset>` continues a ranked search.
 */
type Cursor = { kind: 'after'; position: number } | { kind: 'offset'; offset: number };

function parseCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const keyset = /^k(\d{1,15})$/.exec(cursor);
  if (keyset) return { kind: 'after', position: Number(keyset[1]) };
  const offset = /^o(\d{1,6})$/.exec(cursor);
  if (offset) return { kind: 'offset', offset: Number(offset[1]) };
  throw new RefusedError('invalid', 'This list could not be continued. Please reload the page.');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

@QueryHandler(GetArtistList)
export class GetArtistListHandler implements IQueryHandler<GetArtistList> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, tab, filters }: GetArtistList): Promise<ArtistListPage> {
    const source = TAB_SOURCES[tab];
    const params: unknown[] = [userId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = [source.where];
    if (filters.genre) where.push(`a.genre = ${param(filters.genre)}`);
    if (filters.type) where.push(`a.artist_type = ${param(filters.type)}`);
    const cursor = parseCursor(filters.cursor);
    const searchKey = nameSearchKey(filters.q ?? '');
    const searching = searchKey.length >= 2;
    const limit = param(filters.limit + 1);

    let order: string;
    let offset = 0;
    if (searching) {
      // Case, accents, scripts and punctuation are folded like the stored names; a typo still matches.
      const key = param(searchKey);
      const folded = param(foldName(filters.q ?? ''));
      where.push(
        `(${key} <% a.search_key or a.folded_name like ${param(`${escapeLike(foldName(filters.q ?? ''))}%`)})`,
      );
      order = `(a.folded_name = ${folded}) desc, word_similarity(${key}, a.search_key) desc, ${source.position} desc`;
      offset = cursor?.kind === 'offset' ? cursor.offset : 0;
    } else {
      if (cursor?.kind === 'after') where.push(`${source.position} < ${param(cursor.position)}`);
      order = `${source.position} desc`;
    }
    const sql = `select ${ARTIST_COLUMNS}, ${source.position} as list_position
                 from ${source.from} where ${where.join(' and ')}
                 order by ${order} limit ${limit} offset ${param(offset)}`;
    const run = (db: Queryable) => db.query<ArtistRow & { list_position: number }>(sql, params);
    const { rows } = searching
      ? await withTransaction(this.pool, async (tx) => {
          await tx.query(SET_SEARCH_THRESHOLD);
          return run(tx);
        })
      : await run(this.pool);

    const page = rows.slice(0, filters.limit);
    const more = rows.length > filters.limit;
    let nextCursor: string | null = null;
    if (more) nextCursor = searching ? `o${offset + page.length}` : `k${page.at(-1)!.list_position}`;
    return { artists: page.map(toArtist), nextCursor };
  }
}
