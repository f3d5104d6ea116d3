import type { WordQuery } from '@app/domain';

/** Adds a value to the statement's parameters and returns its placeholder (`$n`). */
export type Param = (value: unknown) => string;

/** Above every character, so `word < typed || TOP` bounds the words that start with `typed`. */
const TOP = '\u{10FFFF}';

export interface WordMatchOptions {
  /** How many of the typed words an entry must match (all by default). */
  required?: number;
  /**
   * Typo matches are looked for only when the entries matched without typos are fewer than this (the
   * rows the caller will read: offset + page + 1). They rank after every entry matched without typos,
   * so leaving them out never changes the rows the caller reads, and a common short word ("kalo") does
   * not drag in the thousands of words one letter away from it.
   */
  typosWhenFewerThan: number;
}

/**
 * CTEs over a catalogue's word index (projections/word-index.ts). `word_matches(entity_id, position,
 * typos, score, matched)` holds the entries whose name has a match for at least `required` of the typed
 * words: a word it begins, or (for words of 4+ letters) the word with one typo (search-words.ts). Each
 * typed word scores its best match: 2 for a whole word, 1 for a word it begins, 0 for a typo; `typos`
 * counts the typed words matched only with a typo. Rank by typos ascending, then score descending.
 */
export function wordMatchCtes(prefix: string, query: WordQuery, param: Param, options: WordMatchOptions): string {
  const required = param(Math.max(1, options.required ?? query.words.length));
  const byPrefix = `select q.n, w.entity_id, w.position, case when w.word = q.word then 2 else 1 end as score
      from unnest(${param(query.words)}::text[], ${param(query.words.map((word) => word + TOP))}::text[])
        with ordinality as q(word, upper, n)
      join ${prefix}_words w on w.word >= q.word collate "C" and w.word < q.upper collate "C"`;
  // Counting stops at the threshold: a common word's thousands of matches need not all be grouped.
  const fewerThan = param(options.typosWhenFewerThan);
  const byTypo = `select t.n, w.entity_id, w.position, 0 as score, 1 as typo
      from (select distinct t.n, v.word
            from unnest(${param(query.wordNumbers)}::int[], ${param(query.variants)}::text[]) as t(n, variant)
            join ${prefix}_word_variants v on v.variant = t.variant collate "C") t
      join ${prefix}_words w on w.word = t.word
      where (select count(*) from (select entity_id from word_prefix_hits group by entity_id
                                   having count(distinct n) >= ${required} limit ${fewerThan}) p) < ${fewerThan}`;
  return `word_prefix_hits as (${byPrefix}),
    word_hits as (select n, entity_id, position, score, 0 as typo from word_prefix_hits union all ${byTypo}),
    word_best as (
      select entity_id, n, max(position) as position, max(score) as score, min(typo) as typo
      from word_hits group by entity_id, n
    ),
    word_matches as (
      select entity_id, max(position) as position, sum(typo)::int as typos, sum(score)::int as score,
        count(*)::int as matched
      from word_best group by entity_id having count(*) >= ${required}
    )`;
}
