import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtistCounts } from '@app/contracts';
import { InjectPool, preparedStatement, singleRow, type Pool } from '@app/platform';
import { GetEntryCounts } from './get-entry-counts.query.js';

@QueryHandler(GetEntryCounts)
export class GetEntryCountsHandler implements IQueryHandler<GetEntryCounts> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ kind: { tables, idColumn }, userId }: GetEntryCounts): Promise<TArtistCounts> {
    const { rows } = await this.pool.query<TArtistCounts>(
      preparedStatement(
        // The tabs' own conditions (catalog-list-sql.ts): hidden entries count only as their adder's.
        `select (select count(*) from ${tables}_fans t join ${tables}s e on e.id = t.${idColumn}
                 where t.user_id = $1 and (e.is_public or e.added_by = $1))::int as my,
              coalesce((select public_count from ${tables}_totals where id = 1), 0)::int as all,
              (select count(*) from ${tables}_favorites t join ${tables}s e on e.id = t.${idColumn}
                 where t.user_id = $1 and e.is_public)::int as favorites`,
        [userId],
      ),
    );
    return singleRow(rows);
  }
}
