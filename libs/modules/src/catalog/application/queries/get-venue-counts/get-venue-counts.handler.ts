import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TVenueCounts } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { GetVenueCounts } from './get-venue-counts.query.js';

@QueryHandler(GetVenueCounts)
export class GetVenueCountsHandler implements IQueryHandler<GetVenueCounts> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId }: GetVenueCounts): Promise<TVenueCounts> {
    const { rows } = await this.pool.query<TVenueCounts>(
      preparedStatement(
        `select (select count(*) from catalog_venue_fans where user_id = $1)::int as my,
              coalesce((select public_count from catalog_venue_totals where id = 1), 0)::int as all,
              (select count(*) from catalog_venue_favorites where user_id = $1)::int as favorites`,
        [userId],
      ),
    );
    return rows[0]!;
  }
}
