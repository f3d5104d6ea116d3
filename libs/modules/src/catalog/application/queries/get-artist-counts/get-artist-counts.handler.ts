import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtistCounts } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { GetArtistCounts } from './get-artist-counts.query.js';

@QueryHandler(GetArtistCounts)
export class GetArtistCountsHandler implements IQueryHandler<GetArtistCounts> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId }: GetArtistCounts): Promise<TArtistCounts> {
    const { rows } = await this.pool.query<TArtistCounts>(
      preparedStatement(
        `select (select count(*) from catalog_artist_fans where user_id = $1)::int as my,
              coalesce((select public_count from catalog_artist_totals where id = 1), 0)::int as all,
              (select count(*) from catalog_artist_favorites where user_id = $1)::int as favorites`,
        [userId],
      ),
    );
    return rows[0]!;
  }
}
