import type { WordQuery } from '@app/domain';

/** Adds a value to the statement's parameters and returns its placeholder (`$n`). */
export type Param = (value: unknown) => string;

/** Above every character, so `word < typed || TOP` bounds the words that start with `typed`. */
const TOP = '\u{10FFFF}';

/**
 * CTEs over a catalogue's word index (projections/word-index.ts): `word_matches(entity_id, score, matched)`
 * holds the entries whose name has a match for at least `required` of the typed words (all by default):
 * a word it begins, or (for words of 4+ letters) the word with one typo (search-words.ts). Each typed
 * word scores its best match: 2 for a whole word, 1 for a word it begins, 0 for a typo.
 */
export function wordMatchCtes(prefix: string, query: WordQuery, param: Param, required = query.words.length): string {
  const byPrefix = `select q.n, w.entity_id, case when w.word = q.word then 2 else 1 end as score
      from unnest(${param(query.words)}::text[], ${param(query.words.map((word) => word + TOP))}::text[])
        with ordinality as q(word, upper, n)
      join ${prefix}_words w on w.word >= q.word collate "C" and w.word < q.upper collate "C"`;
  const byTypo = `select t.n, w.entity_id, 0 as score
      from (select distinct t.n, v.word
            from unnest(${param(query.wordNumbers)}::int[], ${param(query.variants)}::text[]) as t(n, variant)
            join ${prefix}_word_variants v on v.variant = t.variant collate "C") t
      join ${prefix}_words w on w.word = t.word`;
  return `word_hits as (${byPrefix} union all ${byTypo}),
    word_best as (select entity_id, n, max(score) as score from word_hits group by entity_id, n),
    word_matches as (
      select entity_id, sum(score)::int as score, count(*)::int as matched from word_best
      group by entity_id having count(*) >= ${param(Math.max(1, required))}
    )`;
}
