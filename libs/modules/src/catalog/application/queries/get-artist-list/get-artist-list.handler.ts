import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtist } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { ARTIST_FLAGS_SQL, artistUserFields, toArtist, type ArtistRow } from '../artist-rows.js';
import { CatalogReadCache, LIST_CACHE_CAPACITY, listCacheKey } from '../catalog-read-cache.js';
import { nextCursor } from '../list-cursor.js';
import { artistListSql } from './artist-list-sql.js';
import { GetArtistList, type ArtistListPage } from './get-artist-list.query.js';

type ListRow = ArtistRow & { list_position: number };

@QueryHandler(GetArtistList)
export class GetArtistListHandler implements IQueryHandler<GetArtistList> {
  private readonly cache: CatalogReadCache<TArtist, string | null>;

  constructor(@InjectPool() private readonly pool: Pool) {
    this.cache = new CatalogReadCache(pool, {
      flagsSql: ARTIST_FLAGS_SQL,
      userFields: artistUserFields,
      capacity: LIST_CACHE_CAPACITY,
    });
  }

  async execute({ userId, tab, filters }: GetArtistList): Promise<ArtistListPage> {
    const { entries, meta, json } = await this.cache.read(listCacheKey(tab, userId, filters), userId, async () => {
      const sql = artistListSql(userId, tab, filters);
      const { rows } = await this.pool.query<ListRow>(preparedStatement(sql.text, sql.values));
      const page = rows.slice(0, filters.limit);
      return {
        entries: page.map(toArtist),
        meta: rows.length > filters.limit ? nextCursor(sql, page.length, page.at(-1)?.list_position) : null,
        revision: rows[0]?.revision ?? null,
      };
    });
    return { artists: entries, nextCursor: meta, json };
  }
}
