import { foldName, wordQuery } from '@app/domain';
import type { CatalogKind } from '../../catalog-kind.js';
import { parameters, parseCursor, type ListSql } from './list-cursor.js';
import { wordMatchCtes } from './word-match-sql.js';

export type CatalogTab = 'all' | 'my' | 'favorites';

type ListedKind = Pick<CatalogKind, 'tables' | 'idColumn' | 'columns'>;

/** Where each tab's rows come from, and the log position that orders it (newest first; entry alias `e`). */
function tabSource(kind: ListedKind, tab: CatalogTab): { from: string; where: string; position: string } {
  if (tab === 'all') return { from: `${kind.tables}s e`, where: 'e.is_public', position: 'e.position' };
  const table = `${kind.tables}_${tab === 'my' ? 'fans' : 'favorites'}`;
  return {
    from: `${table} t join ${kind.tables}s e on e.id = t.${kind.idColumn}`,
    // Hidden entries leave favourites; of "my" entries, only their adder still lists them (and sees why).
    where: tab === 'my' ? 't.user_id = $1 and (e.is_public or e.added_by = $1)' : 't.user_id = $1 and e.is_public',
    position: 't.position',
  };
}

/**
 * The one statement behind a page of an artist or venue tab; also run bare by `npm run bench`. Newest
 * first, or, with a search of 2+ characters, the exact name first, then names whose words match the
 * typed words whole, then by their start, then with one typo (word-match-sql.ts), newest first within
 * each. `filters` are (column, value) equalities on the entry.
 */
export function catalogListSql(
  kind: ListedKind,
  userId: string,
  tab: CatalogTab,
  query: { q?: string; cursor?: string; limit: number; filters: [column: string, value: string | undefined][] },
): ListSql {
  const from = tabSource(kind, tab);
  const { values, param } = parameters([userId]);
  const where = [from.where];
  for (const [column, value] of query.filters) if (value) where.push(`e.${column} = ${param(value)}`);
  const cursor = parseCursor(query.cursor);
  const folded = foldName(query.q ?? '');
  const ranked = folded.length >= 2;
  const limit = param(query.limit + 1);

  let tables = from.from;
  let ctes = '';
  let order: string;
  let offset = 0;
  if (ranked) {
    // Case, accents, scripts and punctuation are folded like the stored names; a typo still matches.
    offset = cursor?.kind === 'offset' ? cursor.offset : 0;
    const words = wordMatchCtes(kind.tables, wordQuery(query.q ?? ''), param, {
      typosWhenFewerThan: offset + query.limit + 1,
    });
    // The All tab unfiltered ranks by what the word index holds (typos, score, list position), so only
    // the page's rows and the exact-name matches (ranked first) read the wide entry rows: a common word
    // matches thousands of names, and looking each one up was most of a search's ~10 ms.
    const unfiltered = where.length === 1; // only the tab's own condition
    if (tab === 'all' && unfiltered) {
      ctes = `with ${words}, word_top as (
        (select entity_id, typos, score from word_matches
         order by typos, score desc, position desc limit ${param(offset + query.limit + 1)})
        union
        (select m.entity_id, m.typos, m.score from word_matches m join ${kind.tables}s x on x.id = m.entity_id
         where x.folded_name = ${param(folded)})) `;
      tables = `${tables} join word_top m on m.entity_id = e.id`;
    } else {
      ctes = `with ${words} `;
      tables = `${tables} join word_matches m on m.entity_id = e.id`;
    }
    order = `(e.folded_name = ${param(folded)}) desc, m.typos, m.score desc, ${from.position} desc`;
  } else {
    if (cursor?.kind === 'after') where.push(`${from.position} < ${param(cursor.position)}`);
    order = `${from.position} desc`;
  }
  const text = `${ctes}select ${kind.columns}, ${from.position} as list_position
                from ${tables} where ${where.join(' and ')}
                order by ${order} limit ${limit} offset ${param(offset)}`;
  return { text, values, ranked, offset };
}
