import type { TArtistListFilters } from '@app/contracts';
import { foldName, wordQuery } from '@app/domain';
import { ARTIST_COLUMNS } from '../artist-rows.js';
import { parameters, parseCursor, type ListSql } from '../list-cursor.js';
import { wordMatchCtes } from '../word-match-sql.js';
import type { ArtistTab } from './get-artist-list.query.js';

/** Where each tab's rows come from, and the log position that orders it (newest first). */
const TAB_SOURCES: Record<ArtistTab, { from: string; where: string; position: string }> = {
  all: { from: 'catalog_artists a', where: 'a.is_public', position: 'a.position' },
  my: {
    from: 'catalog_artist_fans t join catalog_artists a on a.id = t.artist_id',
    where: 't.user_id = $1',
    position: 't.position',
  },
  favorites: {
    from: 'catalog_artist_favorites t join catalog_artists a on a.id = t.artist_id',
    where: 't.user_id = $1',
    position: 't.position',
  },
};

/**
 * The one statement behind a page of a tab; also run bare by `npm run bench` to compare the endpoint
 * with PostgreSQL alone. A search ranks the exact name first, then names whose words match the typed
 * words whole, then by their start, then with one typo (word-match-sql.ts), newest first within each.
 */
export function artistListSql(userId: string, tab: ArtistTab, filters: TArtistListFilters): ListSql {
  const source = TAB_SOURCES[tab];
  const { values, param } = parameters([userId]);
  const where = [source.where];
  if (filters.genre) where.push(`a.genre = ${param(filters.genre)}`);
  if (filters.type) where.push(`a.artist_type = ${param(filters.type)}`);
  const cursor = parseCursor(filters.cursor);
  const folded = foldName(filters.q ?? '');
  const ranked = folded.length >= 2;
  const limit = param(filters.limit + 1);

  let from = source.from;
  let ctes = '';
  let order: string;
  let offset = 0;
  if (ranked) {
    // Case, accents, scripts and punctuation are folded like the stored names; a typo still matches.
    offset = cursor?.kind === 'offset' ? cursor.offset : 0;
    const words = wordMatchCtes('catalog_artist', wordQuery(filters.q ?? ''), param, {
      typosWhenFewerThan: offset + filters.limit + 1,
    });
    ctes = `with ${words} `;
    from = `${from} join word_matches m on m.entity_id = a.id`;
    order = `(a.folded_name = ${param(folded)}) desc, m.typos, m.score desc, ${source.position} desc`;
  } else {
    if (cursor?.kind === 'after') where.push(`${source.position} < ${param(cursor.position)}`);
    order = `${source.position} desc`;
  }
  const text = `${ctes}select ${ARTIST_COLUMNS}, ${source.position} as list_position
                from ${from} where ${where.join(' and ')}
                order by ${order} limit ${limit} offset ${param(offset)}`;
  return { text, values, ranked, offset };
}
