import type { TVenueListFilters } from '@app/contracts';
import { foldName, wordQuery } from '@app/domain';
import { parameters, parseCursor, type ListSql } from '../list-cursor.js';
import { VENUE_COLUMNS } from '../venue-rows.js';
import { wordMatchCtes } from '../word-match-sql.js';
import type { VenueTab } from './get-venue-list.query.js';

const TAB_SOURCES: Record<VenueTab, { from: string; where: string; position: string }> = {
  all: { from: 'catalog_venues v', where: 'v.is_public', position: 'v.position' },
  my: {
    from: 'catalog_venue_fans t join catalog_venues v on v.id = t.venue_id',
    where: 't.user_id = $1',
    position: 't.position',
  },
  favorites: {
    from: 'catalog_venue_favorites t join catalog_venues v on v.id = t.venue_id',
    where: 't.user_id = $1',
    position: 't.position',
  },
};

/**
 * The one statement behind a page of a venue tab, like artistListSql (also run bare by `npm run
 * bench`): newest first, or, with a search of 2+ characters, the exact name first, then by the word
 * index's ranking (whole words, prefixes, one typo), newest first within each.
 */
export function venueListSql(userId: string, tab: VenueTab, filters: TVenueListFilters): ListSql {
  const source = TAB_SOURCES[tab];
  const { values, param } = parameters([userId]);
  const where = [source.where];
  if (filters.type) where.push(`v.venue_type = ${param(filters.type)}`);
  if (filters.age) where.push(`v.age_restriction = ${param(filters.age)}`);
  const cursor = parseCursor(filters.cursor);
  const folded = foldName(filters.q ?? '');
  const ranked = folded.length >= 2;
  const limit = param(filters.limit + 1);

  let from = source.from;
  let ctes = '';
  let order: string;
  let offset = 0;
  if (ranked) {
    offset = cursor?.kind === 'offset' ? cursor.offset : 0;
    const words = wordMatchCtes('catalog_venue', wordQuery(filters.q ?? ''), param, {
      typosWhenFewerThan: offset + filters.limit + 1,
    });
    ctes = `with ${words} `;
    from = `${from} join word_matches m on m.entity_id = v.id`;
    order = `(v.folded_name = ${param(folded)}) desc, m.typos, m.score desc, ${source.position} desc`;
  } else {
    if (cursor?.kind === 'after') where.push(`${source.position} < ${param(cursor.position)}`);
    order = `${source.position} desc`;
  }
  const text = `${ctes}select ${VENUE_COLUMNS}, ${source.position} as list_position
                from ${from} where ${where.join(' and ')}
                order by ${order} limit ${limit} offset ${param(offset)}`;
  return { text, values, ranked, offset };
}
