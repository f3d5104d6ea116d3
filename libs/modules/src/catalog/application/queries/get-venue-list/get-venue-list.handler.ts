import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TVenue } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { CatalogReadCache, LIST_CACHE_CAPACITY, listCacheKey } from '../catalog-read-cache.js';
import { nextCursor } from '../list-cursor.js';
import { toVenue, VENUE_FLAGS_SQL, venueUserFields, type VenueRow } from '../venue-rows.js';
import { GetVenueList, type VenueListPage } from './get-venue-list.query.js';
import { venueListSql } from './venue-list-sql.js';

type ListRow = VenueRow & { list_position: number };

@QueryHandler(GetVenueList)
export class GetVenueListHandler implements IQueryHandler<GetVenueList> {
  private readonly cache: CatalogReadCache<TVenue, string | null>;

  constructor(@InjectPool() private readonly pool: Pool) {
    this.cache = new CatalogReadCache(pool, {
      flagsSql: VENUE_FLAGS_SQL,
      userFields: venueUserFields,
      capacity: LIST_CACHE_CAPACITY,
    });
  }

  async execute({ userId, tab, filters }: GetVenueList): Promise<VenueListPage> {
    const { entries, meta, json } = await this.cache.read(listCacheKey(tab, userId, filters), userId, async () => {
      const sql = venueListSql(userId, tab, filters);
      const { rows } = await this.pool.query<ListRow>(preparedStatement(sql.text, sql.values));
      const page = rows.slice(0, filters.limit);
      return {
        entries: page.map((row) => toVenue(row, userId)),
        meta: rows.length > filters.limit ? nextCursor(sql, page.length, page.at(-1)?.list_position) : null,
        revision: rows[0]?.revision ?? null,
      };
    });
    return { venues: entries, nextCursor: meta, json };
  }
}
