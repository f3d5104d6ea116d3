import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InjectPool, type Pool } from '@app/platform';
import { toArtist, type ArtistRow } from '../artist-rows.js';
import { artistListSql, nextCursor, type ArtistListSql } from './artist-list-sql.js';
import { GetArtistList, type ArtistListPage } from './get-artist-list.query.js';

type ListRow = ArtistRow & { list_position: number };

@QueryHandler(GetArtistList)
export class GetArtistListHandler implements IQueryHandler<GetArtistList> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, tab, filters }: GetArtistList): Promise<ArtistListPage> {
    let sql = artistListSql(userId, tab, filters);
    let rows = await this.run(sql);
    // A first page that the strict search cannot fill is searched again loosely, typos included.
    if (sql.tier === 'strict' && !filters.cursor && rows.length < filters.limit) {
      sql = artistListSql(userId, tab, filters, 'fuzzy');
      rows = await this.run(sql);
    }
    const page = rows.slice(0, filters.limit);
    return {
      artists: page.map(toArtist),
      nextCursor: rows.length > filters.limit ? nextCursor(sql, page.length, page.at(-1)?.list_position) : null,
    };
  }

  private async run(sql: ArtistListSql): Promise<ListRow[]> {
    return (await this.pool.query<ListRow>(sql.text, sql.values)).rows;
  }
}
