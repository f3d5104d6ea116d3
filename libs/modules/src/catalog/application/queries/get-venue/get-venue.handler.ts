import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TVenue } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { VenueNotFoundError } from '../../../domain/venue.js';
import { toVenue, VENUE_PROFILE_SQL, type VenueRow } from '../venue-rows.js';
import { GetVenue } from './get-venue.query.js';

@QueryHandler(GetVenue)
export class GetVenueHandler implements IQueryHandler<GetVenue> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ venueId, userId }: GetVenue): Promise<TVenue> {
    if (!isCatalogId(venueId)) throw new VenueNotFoundError();
    const { rows } = await this.pool.query<VenueRow>(preparedStatement(VENUE_PROFILE_SQL, [userId, venueId]));
    if (!rows[0]) throw new VenueNotFoundError();
    return toVenue(rows[0], userId);
  }
}
