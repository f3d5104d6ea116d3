import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtistCounts } from '@app/contracts';
import { InjectPool, preparedStatement, singleRow, type Pool } from '@app/platform';
import { GetEntryCounts } from './get-entry-counts.query.js';

@QueryHandler(GetEntryCounts)
export class GetEntryCountsHandler implements IQueryHandler<GetEntryCounts> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ kind: { tables }, userId }: GetEntryCounts): Promise<TArtistCounts> {
    const { rows } = await this.pool.query<TArtistCounts>(
      preparedStatement(
        `select (select count(*) from ${tables}_fans where user_id = $1)::int as my,
              coalesce((select public_count from ${tables}_totals where id = 1), 0)::int as all,
              (select count(*) from ${tables}_favorites where user_id = $1)::int as favorites`,
        [userId],
      ),
    );
    return singleRow(rows);
  }
}
