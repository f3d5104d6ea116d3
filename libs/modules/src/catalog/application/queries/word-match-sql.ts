import type { WordQuery } from '@app/domain';

/**
 * How loosely a search matches (see search-words.ts): `strict` takes each typed word as the start of a
 * word of the name; `fuzzy` also takes it as that word with one typo. A search runs `strict` first and
 * `fuzzy` only when `strict` cannot fill the page.
 */
export type SearchTier = 'strict' | 'fuzzy';

/** Adds a value to the statement's parameters and returns its placeholder (`$n`). */
export type Param = (value: unknown) => string;

/** Above every character, so `word < typed || TOP` bounds the words that start with `typed`. */
const TOP = '\u{10FFFF}';

/**
 * Two CTEs over a catalogue's word index (projections/word-index.ts): `word_matches(entity_id, score)`
 * holds the entries whose name has a match for at least `required` of the typed words (all by default).
 * Each typed word scores its best match: 2 for a whole word, 1 for a word it begins, 0 for a typo.
 */
export function wordMatchCtes(
  prefix: string,
  query: WordQuery,
  tier: SearchTier,
  param: Param,
  required = query.words.length,
): string {
  const byPrefix = `select q.n, w.entity_id, case when w.word = q.word then 2 else 1 end as score
      from unnest(${param(query.words)}::text[], ${param(query.words.map((word) => word + TOP))}::text[])
        with ordinality as q(word, upper, n)
      join ${prefix}_words w on w.word >= q.word collate "C" and w.word < q.upper collate "C"`;
  // Built only for the fuzzy tier: a parameter the statement does not use has no type PostgreSQL can infer.
  const byTypo = () => `select t.n, w.entity_id, 0 as score
      from (select distinct t.n, v.word
            from unnest(${param(query.wordNumbers)}::int[], ${param(query.variants)}::text[]) as t(n, variant)
            join ${prefix}_word_variants v on v.variant = t.variant collate "C") t
      join ${prefix}_words w on w.word = t.word`;
  return `word_hits as (${byPrefix}${tier === 'fuzzy' ? ` union all ${byTypo()}` : ''}),
    word_best as (select entity_id, n, max(score) as score from word_hits group by entity_id, n),
    word_matches as (
      select entity_id, sum(score)::int as score, count(*)::int as matched from word_best
      group by entity_id having count(*) >= ${param(Math.max(1, required))}
    )`;
}
