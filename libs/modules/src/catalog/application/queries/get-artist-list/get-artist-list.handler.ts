import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { toArtist, type ArtistRow } from '../artist-rows.js';
import { nextCursor } from '../list-cursor.js';
import { artistListSql } from './artist-list-sql.js';
import { GetArtistList, type ArtistListPage } from './get-artist-list.query.js';

type ListRow = ArtistRow & { list_position: number };

@QueryHandler(GetArtistList)
export class GetArtistListHandler implements IQueryHandler<GetArtistList> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, tab, filters }: GetArtistList): Promise<ArtistListPage> {
    const sql = artistListSql(userId, tab, filters);
    const { rows } = await this.pool.query<ListRow>(preparedStatement(sql.text, sql.values));
    const page = rows.slice(0, filters.limit);
    return {
      artists: page.map(toArtist),
      nextCursor: rows.length > filters.limit ? nextCursor(sql, page.length, page.at(-1)?.list_position) : null,
    };
  }
}
