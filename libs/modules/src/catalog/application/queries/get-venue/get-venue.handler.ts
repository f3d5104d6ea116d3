import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TVenue } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { VenueNotFoundError } from '../../../domain/venue.js';
import { CatalogReadCache, PROFILE_CACHE_CAPACITY } from '../catalog-read-cache.js';
import { toVenue, VENUE_FLAGS_SQL, VENUE_PROFILE_SQL, venueUserFields, type VenueRow } from '../venue-rows.js';
import { GetVenue } from './get-venue.query.js';

@QueryHandler(GetVenue)
export class GetVenueHandler implements IQueryHandler<GetVenue> {
  private readonly cache: CatalogReadCache<TVenue, null>;

  constructor(@InjectPool() private readonly pool: Pool) {
    this.cache = new CatalogReadCache(pool, {
      flagsSql: VENUE_FLAGS_SQL,
      userFields: venueUserFields,
      capacity: PROFILE_CACHE_CAPACITY,
    });
  }

  async execute({ venueId, userId }: GetVenue): Promise<TVenue> {
    if (!isCatalogId(venueId)) throw new VenueNotFoundError();
    const { entries } = await this.cache.read(venueId, userId, async () => {
      const { rows } = await this.pool.query<VenueRow>(preparedStatement(VENUE_PROFILE_SQL, [userId, venueId]));
      return { entries: rows.map((row) => toVenue(row, userId)), meta: null, revision: rows[0]?.revision ?? null };
    });
    if (!entries[0]) throw new VenueNotFoundError();
    return entries[0];
  }
}
