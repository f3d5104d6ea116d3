import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { nextCursor } from '../list-cursor.js';
import { toVenue, type VenueRow } from '../venue-rows.js';
import { GetVenueList, type VenueListPage } from './get-venue-list.query.js';
import { venueListSql } from './venue-list-sql.js';

type ListRow = VenueRow & { list_position: number };

@QueryHandler(GetVenueList)
export class GetVenueListHandler implements IQueryHandler<GetVenueList> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, tab, filters }: GetVenueList): Promise<VenueListPage> {
    const sql = venueListSql(userId, tab, filters);
    const { rows } = await this.pool.query<ListRow>(preparedStatement(sql.text, sql.values));
    const page = rows.slice(0, filters.limit);
    return {
      venues: page.map((row) => toVenue(row, userId)),
      nextCursor: rows.length > filters.limit ? nextCursor(sql, page.length, page.at(-1)?.list_position) : null,
    };
  }
}
