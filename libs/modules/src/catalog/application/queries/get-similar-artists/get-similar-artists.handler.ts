import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtistSearchResult } from '@app/contracts';
import { foldName, matchReasons, nameSearchKey, SIMILAR_NAME_THRESHOLD, wordQuery } from '@app/domain';
import { InjectPool, type Pool } from '@app/platform';
import { ARTIST_COLUMNS, toArtist, type ArtistRow } from '../artist-rows.js';
import { wordMatchCtes } from '../word-match-sql.js';
import { GetSimilarArtists } from './get-similar-artists.query.js';

const MAX_SUGGESTIONS = 10;

/**
 * Possible duplicates of what a fan is typing on /add-artist: an artist holding one of the typed links
 * (the write side's own uniqueness table), the same folded name, or a similar name. Similar names come
 * from the word index (all but one of the typed words, each by prefix or with one typo), so the search
 * stays a few index probes at any catalogue size, and are ranked and kept by pg_trgm's similarity.
 */
@QueryHandler(GetSimilarArtists)
export class GetSimilarArtistsHandler implements IQueryHandler<GetSimilarArtists> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, name, links }: GetSimilarArtists): Promise<TArtistSearchResult[]> {
    const values: unknown[] = [userId];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const query = wordQuery(name);
    const ctes = wordMatchCtes('catalog_artist', query, param, {
      required: query.words.length - 1,
      typosWhenFewerThan: MAX_SUGGESTIONS,
    });
    const key = param(nameSearchKey(name));
    const folded = param(foldName(name));
    const { rows } = await this.pool.query<ArtistRow>(
      `with ${ctes},
       by_link as (
         select distinct artist_id from artist_link_keys
         where (platform, key) in (select * from unnest(${param(links.map((l) => l.platform))}::text[],
                                                        ${param(links.map((l) => l.key))}::text[]))
       ),
       candidates as (
         select artist_id as id, true as link_match, ${query.words.length + 1} as matched from by_link
         union all select id, false, 0 from catalog_artists where folded_name = ${folded}
         union all select entity_id, false, matched from word_matches
       ),
       ranked as (
         select id, bool_or(link_match) as link_match, max(matched) as matched from candidates group by id
       )
       select ${ARTIST_COLUMNS}
       from ranked r join catalog_artists e on e.id = r.id
       where r.link_match or e.folded_name = ${folded} or r.matched >= ${param(query.words.length)}
          or similarity(${key}, e.search_key) >= ${param(SIMILAR_NAME_THRESHOLD)}
       order by r.link_match desc, (e.folded_name = ${folded}) desc, similarity(${key}, e.search_key) desc,
                e.position desc
       limit ${MAX_SUGGESTIONS}`,
      values,
    );
    return rows.map((row) => {
      const reasons = matchReasons({ name, links }, { name: row.name, links: row.links });
      // The word index matched it by words of the name even when the whole names differ more.
      return { ...toArtist(row), matchReasons: reasons.length > 0 ? reasons.map((r) => r.text) : ['similar name'] };
    });
  }
}
