import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtistSearchResult } from '@app/contracts';
import { foldName, matchReasons, nameSearchKey, type CanonicalLink } from '@app/domain';
import { InjectPool, withTransaction, type Pool } from '@app/platform';
import { ARTIST_COLUMNS, setSearchThreshold, toArtist, type ArtistRow, type SearchTier } from '../artist-rows.js';
import { GetSimilarArtists } from './get-similar-artists.query.js';

const MAX_SUGGESTIONS = 10;

@QueryHandler(GetSimilarArtists)
export class GetSimilarArtistsHandler implements IQueryHandler<GetSimilarArtists> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, name, links }: GetSimilarArtists): Promise<TArtistSearchResult[]> {
    let rows = await this.candidates(userId, name, links, 'strict');
    if (rows.length < MAX_SUGGESTIONS) rows = await this.candidates(userId, name, links, 'fuzzy');
    return rows.map((row) => {
      const reasons = matchReasons({ name, links }, { name: row.name, links: row.links });
      // The database matched it by words of the name even when the whole names differ more.
      return { ...toArtist(row), matchReasons: reasons.length > 0 ? reasons.map((r) => r.text) : ['similar name'] };
    });
  }

  private async candidates(userId: string, name: string, links: readonly CanonicalLink[], tier: SearchTier) {
    const { rows } = await withTransaction(this.pool, async (tx) => {
      await tx.query(setSearchThreshold(tier));
      // A link on file names its artist (artist_link_keys is the write side's own uniqueness table).
      return tx.query<ArtistRow & { link_match: boolean }>(
        `with by_link as (
           select distinct artist_id from artist_link_keys
           where (platform, key) in (select * from unnest($4::text[], $5::text[]))
         )
         select ${ARTIST_COLUMNS}, a.id in (select artist_id from by_link) as link_match
         from catalog_artists a
         where a.id in (select artist_id from by_link) or a.folded_name = $3 or $2 <% a.search_key
         order by link_match desc, (a.folded_name = $3) desc, word_similarity($2, a.search_key) desc, a.position desc
         limit ${MAX_SUGGESTIONS}`,
        [userId, nameSearchKey(name), foldName(name), links.map((l) => l.platform), links.map((l) => l.key)],
      );
    });
    return rows;
  }
}
