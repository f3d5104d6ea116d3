import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { foldName, matchReasons, nameSearchKey, SIMILAR_NAME_THRESHOLD, wordQuery } from '@app/domain';
import { InjectPool, type Pool } from '@app/platform';
import { reasonText, type CatalogEntry, type EntryRow } from '../../../catalog-kind.js';
import { parameters } from '../list-cursor.js';
import { wordMatchCtes } from '../word-match-sql.js';
import { GetSimilarEntries } from './get-similar-entries.query.js';

const MAX_SUGGESTIONS = 10;

/**
 * Possible duplicates of what a fan is typing: an entry holding one of the typed links (the write side's
 * own key table), the same folded name, or a similar name. Similar names come from the word index (all but
 * one of the typed words, each by prefix or with one typo), so the search stays a few index probes at any
 * catalogue size, and are ranked and kept by pg_trgm's similarity. A kind that knows places (venues) ranks
 * the same name at the typed place right after a shared link, and a similar name there before one elsewhere.
 */
@QueryHandler(GetSimilarEntries)
export class GetSimilarEntriesHandler implements IQueryHandler<GetSimilarEntries<CatalogEntry>> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ kind, userId, name, links, place }: GetSimilarEntries<CatalogEntry>) {
    const { values, param } = parameters([userId]);
    const query = wordQuery(name);
    const ctes = wordMatchCtes(kind.tables, query, param, {
      required: query.words.length - 1,
      typosWhenFewerThan: MAX_SUGGESTIONS,
    });
    const key = param(nameSearchKey(name));
    const folded = param(foldName(name));
    const near = kind.similarNear?.(place, param, folded);
    const { keys } = kind;
    const { rows } = await this.pool.query<EntryRow & { same_place: boolean }>(
      `with ${ctes},
       by_link as (
         select distinct ${keys.idColumn} as id from ${keys.table}
         where (platform, key) in (select * from unnest(${param(links.map((l) => l.platform))}::text[],
                                                        ${param(links.map((l) => l.key))}::text[]))
       ),
       candidates as (
         select id, true as link_match, ${query.words.length + 1} as matched from by_link
         union all select id, false, 0 from ${kind.tables}s where folded_name = ${folded}
         union all select entity_id, false, matched from word_matches
       ),
       ranked as (
         select id, bool_or(link_match) as link_match, max(matched) as matched from candidates group by id
       )
       select ${kind.columns}, ${near?.samePlace ?? 'false'} as same_place
       from ranked r join ${kind.tables}s e on e.id = r.id
       where (r.link_match or e.folded_name = ${folded} or r.matched >= ${param(query.words.length)}
          or similarity(${key}, e.search_key) >= ${param(SIMILAR_NAME_THRESHOLD)})
          -- A hidden entry is suggested by no name; its links stay its own (docs/decisions.md).
          and (e.is_public or r.link_match)
       order by r.link_match desc, ${near ? `${near.samePlace} desc, ` : ''}(e.folded_name = ${folded}) desc,
                ${near ? `${near.near} desc, ` : ''}similarity(${key}, e.search_key) desc, e.position desc
       limit ${MAX_SUGGESTIONS}`,
      values,
    );
    return rows.map((row) => {
      const reasons = matchReasons({ name, links }, { name: row.name, links: row.links });
      // The word index matched it by words of the name even when the whole names differ more.
      return {
        ...kind.toEntry(row, userId),
        matchReasons: reasons.length > 0 ? reasons.map((r) => reasonText(r, row.same_place, near)) : ['similar name'],
      };
    });
  }
}
