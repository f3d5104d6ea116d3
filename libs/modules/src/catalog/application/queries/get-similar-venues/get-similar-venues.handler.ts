import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TVenueSearchResult } from '@app/contracts';
import { foldName, matchReasons, nameSearchKey, SIMILAR_NAME_THRESHOLD, wordQuery } from '@app/domain';
import { InjectPool, type Pool } from '@app/platform';
import { parameters } from '../list-cursor.js';
import { toVenue, VENUE_COLUMNS, type VenueRow } from '../venue-rows.js';
import { wordMatchCtes } from '../word-match-sql.js';
import { GetSimilarVenues } from './get-similar-venues.query.js';

const MAX_SUGGESTIONS = 10;

/**
 * Like the artists' suggestions (GetSimilarArtistsHandler): candidates from the write side's key table
 * (same website or social link), the same folded name, and the word index (similar names), kept and
 * ranked by pg_trgm similarity. The same name in the same city and state ranks right after a shared link, and
 * a similar name in the same city before one elsewhere.
 */
@QueryHandler(GetSimilarVenues)
export class GetSimilarVenuesHandler implements IQueryHandler<GetSimilarVenues> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, name, place, links }: GetSimilarVenues): Promise<TVenueSearchResult[]> {
    const { values, param } = parameters([userId]);
    const query = wordQuery(name);
    const ctes = wordMatchCtes('catalog_venue', query, param, {
      required: query.words.length - 1,
      typosWhenFewerThan: MAX_SUGGESTIONS,
    });
    const key = param(nameSearchKey(name));
    const folded = param(foldName(name));
    const sameCity = `(lower(e.city) = lower(${param(place.city?.trim() ?? '')}) and e.state = ${param(place.state ?? '')})`;
    const samePlace = `(e.folded_name = ${folded} and ${sameCity})`;
    const { rows } = await this.pool.query<VenueRow & { same_place: boolean }>(
      `with ${ctes},
       by_link as (
         select distinct venue_id from venue_keys
         where (platform, key) in (select * from unnest(${param(links.map((l) => l.platform))}::text[],
                                                        ${param(links.map((l) => l.key))}::text[]))
       ),
       candidates as (
         select venue_id as id, true as link_match, ${query.words.length + 1} as matched from by_link
         union all select id, false, 0 from catalog_venues where folded_name = ${folded}
         union all select entity_id, false, matched from word_matches
       ),
       ranked as (
         select id, bool_or(link_match) as link_match, max(matched) as matched from candidates group by id
       )
       select ${VENUE_COLUMNS}, ${samePlace} as same_place
       from ranked r join catalog_venues e on e.id = r.id
       where r.link_match or e.folded_name = ${folded} or r.matched >= ${param(query.words.length)}
          or similarity(${key}, e.search_key) >= ${param(SIMILAR_NAME_THRESHOLD)}
       order by r.link_match desc, ${samePlace} desc, (e.folded_name = ${folded}) desc, ${sameCity} desc,
                similarity(${key}, e.search_key) desc, e.position desc
       limit ${MAX_SUGGESTIONS}`,
      values,
    );
    return rows.map((row) => {
      const reasons = matchReasons({ name, links }, { name: row.name, links: row.links }).map((reason) =>
        reason.kind === 'same-name' && row.same_place ? 'same name and city' : reason.text,
      );
      return { ...toVenue(row, userId), matchReasons: reasons.length > 0 ? reasons : ['similar name'] };
    });
  }
}
