import { typoVariants } from '@app/domain';

/**
 * An in-memory copy of a catalogue's word index (projections/word-index.ts) with what a search of the
 * All tab ranks and filters by, answering exactly as the search statement does
 * (application/queries/catalog-list-sql.ts, word-match-sql.ts) without asking PostgreSQL: each typed
 * word matches a word of the name it begins (2 points if whole, 1 if a prefix) or, failing that, one a
 * typo away (0 points, one typo); every typed word must match; the exact name ranks first, then fewer
 * typos, more points, newest first. It holds no answer text: the page's rows are still read by id.
 *
 * Kept compact (a few arrays of plain values, a posting array per word, a variant mostly pointing at one
 * word) because every api process holds one per kind; ranking reuses scratch arrays instead of building
 * maps, since a two-letter search touches tens of thousands of entries.
 */

/** An entry as the index keeps it: what a search matches, filters and ranks by. */
export interface IndexedEntry {
  id: string;
  /** The list position (the log position of its add event): unique, and the newest-first order. */
  position: number;
  isPublic: boolean;
  /** The folded name (`folded_name`): equal to the folded search, it ranks first. */
  foldedName: string;
  /** The distinct folded words of its name (searchWords: the `<prefix>_words` rows). */
  words: readonly string[];
  /** The values of the kind's filter columns, in the index's column order. */
  filterValues: readonly (string | null)[];
}

export interface RankQuery {
  /** The typed words (wordQuery(q).words): distinct, at most MAX_SEARCH_WORDS. */
  words: readonly string[];
  /** foldName(q). */
  folded: string;
  /** (column number, value) equalities; none: the unfiltered All tab. */
  filters: readonly (readonly [column: number, value: string])[];
  offset: number;
  /** The page size: the answer holds up to limit + 1 ids, the one past the page saying there is more. */
  limit: number;
}

/** Positions are log positions; below 2^44 they leave 8 bits of a double's 53 for the rank class. */
const POSITION_SPAN = 2 ** 44;
/** A scratch score meaning "no match for this typed word". */
const NONE = -1;
/** Added to an exact name's sort key: 128 classes up, above every class a match without it can have. */
const EXACT = 128 * POSITION_SPAN;
/** Searches whose answers one index remembers before it forgets them all (an upsert forgets them too). */
const ANSWER_MEMO_CAPACITY = 10_000;

export class WordRankIndex {
  // One slot per entry (its ordinal), in parallel arrays: far smaller than an object per entry.
  private readonly ids: string[] = [];
  private readonly positions: number[] = [];
  private readonly publicFlags: boolean[] = [];
  private readonly foldedNames: string[] = [];
  /** The entry's words joined by spaces (to drop them when it is renamed). */
  private readonly wordLists: string[] = [];
  private readonly filterColumns: (string | null)[][] = [];
  private readonly ordinals = new Map<string, number>();
  /** Word -> ordinals of the entries whose name has it. */
  private readonly postings = new Map<string, number[]>();
  /** Every word ever indexed, in code-unit order: a prefix's words are one contiguous run. */
  private sortedWords: string[] = [];
  private sorted = true;
  /** A one-deletion variant (or the word itself) -> the word(s) that have it (search-words.ts). */
  private readonly variants = new Map<string, string | string[]>();
  /** Per typed word, each entry's best score (2, 1, 0 a typo, NONE), reset after every search. */
  private scratch: Int8Array[] = [];
  /** Answers of searches since the last change, by query: the same search ranks the same way. */
  private readonly answers = new Map<string, readonly string[]>();

  get size(): number {
    return this.ids.length;
  }

  /** Adds an entry, or replaces the one with its id (a rename, a changed filter value). */
  upsert(entry: IndexedEntry): void {
    if (!(entry.position >= 0 && entry.position < POSITION_SPAN)) {
      throw new Error(`list position out of range: ${entry.position}`);
    }
    this.answers.clear();
    let ordinal = this.ordinals.get(entry.id);
    if (ordinal === undefined) {
      ordinal = this.ids.length;
      this.ordinals.set(entry.id, ordinal);
      this.ids.push(entry.id);
    } else {
      // As the projection's delete of the words a renamed name lost; its variants stay, as in the table.
      for (const word of (this.wordLists[ordinal] ?? '').split(' ')) {
        const posting = this.postings.get(word);
        const at = posting?.indexOf(ordinal) ?? -1;
        if (posting && at >= 0) posting.splice(at, 1);
      }
    }
    this.positions[ordinal] = entry.position;
    this.publicFlags[ordinal] = entry.isPublic;
    this.foldedNames[ordinal] = entry.foldedName;
    this.wordLists[ordinal] = entry.words.join(' ');
    entry.filterValues.forEach((value, column) => {
      (this.filterColumns[column] ??= [])[ordinal] = value;
    });
    for (const word of entry.words) {
      const posting = this.postings.get(word);
      if (posting) {
        posting.push(ordinal);
        continue;
      }
      this.postings.set(word, [ordinal]);
      this.addVariants(word);
      if (this.sorted) this.sortedWords.splice(lowerBound(this.sortedWords, word), 0, word);
    }
  }

  /**
   * While a whole catalogue is added (upsert after upsert, until finishLoad), new words are sorted once
   * at the end instead of placed one by one; no search may run in between.
   */
  startLoad(): void {
    this.sorted = false;
  }

  finishLoad(): void {
    this.sortedWords = [...this.postings.keys()].sort();
    this.sorted = true;
  }

  /** The word's one-deletion variants; the word itself is found through its posting instead. */
  private addVariants(word: string): void {
    for (const variant of typoVariants(word)) {
      if (variant === word) continue;
      const words = this.variants.get(variant);
      if (words === undefined) this.variants.set(variant, word);
      else if (typeof words === 'string') this.variants.set(variant, [words, word]);
      else words.push(word);
    }
  }

  /**
   * The ids of the ranked page and the one after it (up to limit + 1), as the search statement reads
   * them, quirks included: typo matches are looked for only while fewer than offset + limit + 1 entries
   * (public or not) match every word without one, and the unfiltered All tab keeps the best
   * offset + limit + 1 matches (public or not) and the exact-name ones before it drops the non-public.
   * A search asked again of an unchanged index is answered from memory (the answer is the same list).
   */
  rank(query: RankQuery): readonly string[] {
    if (query.words.length === 0) return [];
    const memoKey = [query.offset, query.limit, query.folded, ...query.words, ...query.filters.flat()].join('\u0000');
    const remembered = this.answers.get(memoKey);
    if (remembered) return remembered;
    const answer = this.rankNow(query);
    if (this.answers.size >= ANSWER_MEMO_CAPACITY) this.answers.clear();
    this.answers.set(memoKey, answer);
    return answer;
  }

  private rankNow(query: RankQuery): string[] {
    const wanted = query.offset + query.limit + 1;
    const scores = this.scratchFor(query.words.length);
    const touched = query.words.map(() => [] as number[]);
    try {
      query.words.forEach((word, n) => this.markPrefixes(word, scores[n] ?? new Int8Array(), touched[n] ?? []));
      let matches = this.matching(scores, touched);
      if (matches.length < wanted) {
        query.words.forEach((word, n) => this.markTypos(word, scores[n] ?? new Int8Array(), touched[n] ?? []));
        matches = this.matching(scores, touched);
      }
      // Each match's sort key once: its class (7 - typos, then points) above its position; an exact name
      // adds EXACT on top, so it ranks before every other class.
      const keys = matches.map((ordinal) => {
        let typos = 0;
        let score = 0;
        for (const perWord of scores) {
          const value = perWord[ordinal] ?? 0;
          if (value === 0) typos++;
          score += value;
        }
        return ((7 - typos) * 16 + score) * POSITION_SPAN + (this.positions[ordinal] ?? 0);
      });
      const exact = matches.map((ordinal) => this.foldedNames[ordinal] === query.folded);

      let candidates: number[];
      if (query.filters.length === 0) {
        // word_top: the best matches by typos, score and position, public or not, and the exact names.
        const top = new Set(this.top(matches.keys(), keys, wanted));
        exact.forEach((isExact, at) => {
          if (isExact) top.add(at);
        });
        candidates = [...top].filter((at) => this.publicFlags[matches[at] ?? -1]);
      } else {
        candidates = [];
        matches.forEach((ordinal, at) => {
          if (
            this.publicFlags[ordinal] &&
            query.filters.every(([column, value]) => this.filterColumns[column]?.[ordinal] === value)
          ) {
            candidates.push(at);
          }
        });
      }
      const finalKeys = keys.map((key, at) => (exact[at] ? key + EXACT : key));
      return this.top(candidates, finalKeys, wanted)
        .slice(query.offset)
        .map((at) => this.ids[matches[at] ?? -1] ?? '');
    } finally {
      scores.forEach((perWord, n) => {
        for (const ordinal of touched[n] ?? []) perWord[ordinal] = NONE;
      });
    }
  }

  /** Scratch score arrays for `count` typed words, as large as the index, all NONE. */
  private scratchFor(count: number): Int8Array[] {
    if ((this.scratch[0]?.length ?? 0) < this.ids.length) this.scratch = [];
    while (this.scratch.length < count) {
      this.scratch.push(new Int8Array(Math.ceil(this.ids.length * 1.25) + 64).fill(NONE));
    }
    return this.scratch.slice(0, count);
  }

  /** Each entry with a word the typed word begins: 2 if the whole word, else 1. */
  private markPrefixes(typed: string, scores: Int8Array, touched: number[]): void {
    for (let i = lowerBound(this.sortedWords, typed); i < this.sortedWords.length; i++) {
      const word = this.sortedWords[i];
      if (word === undefined || !word.startsWith(typed)) break;
      const score = word === typed ? 2 : 1;
      for (const ordinal of this.postings.get(word) ?? []) {
        const before = scores[ordinal] ?? NONE;
        if (before === NONE) touched.push(ordinal);
        if (before < score) scores[ordinal] = score;
      }
    }
  }

  /** Entries with no prefix match for the word but a stored word sharing a one-deletion variant. */
  private markTypos(typed: string, scores: Int8Array, touched: number[]): void {
    const words = new Set<string>();
    for (const variant of typoVariants(typed)) {
      // A stored word that is the variant itself (the typed word with a letter added, or the typed word).
      if (this.postings.has(variant)) words.add(variant);
      const found = this.variants.get(variant);
      if (typeof found === 'string') words.add(found);
      else for (const word of found ?? []) words.add(word);
    }
    for (const word of words) {
      for (const ordinal of this.postings.get(word) ?? []) {
        if (scores[ordinal] === NONE) {
          scores[ordinal] = 0;
          touched.push(ordinal);
        }
      }
    }
  }

  /** The entries with a match for every typed word, from the typed word that matched the fewest. */
  private matching(scores: Int8Array[], touched: number[][]): number[] {
    let fewest = 0;
    touched.forEach((list, n) => {
      if (list.length < (touched[fewest]?.length ?? 0)) fewest = n;
    });
    return (touched[fewest] ?? []).filter((ordinal) => scores.every((perWord) => (perWord[ordinal] ?? NONE) >= 0));
  }

  /**
   * The `limit` items of highest key (keys[item]), highest first. Keys are distinct (each ends in the
   * entry's unique position), so the order is total, as the statement's `order by ... position desc` is.
   */
  private top(items: Iterable<number>, keys: readonly number[], limit: number): number[] {
    // Kept ascending; a key enters only if it beats the smallest kept (a common word matches thousands).
    const kept: number[] = [];
    const keptKeys: number[] = [];
    for (const item of items) {
      const key = keys[item] ?? -Infinity;
      if (kept.length === limit && key <= (keptKeys[0] ?? -Infinity)) continue;
      const at = lowerBound(keptKeys, key);
      keptKeys.splice(at, 0, key);
      kept.splice(at, 0, item);
      if (kept.length > limit) {
        keptKeys.shift();
        kept.shift();
      }
    }
    return kept.reverse();
  }
}

/** The first index whose item is not below `value` (code-unit order for strings). */
function lowerBound<T extends string | number>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = sorted[middle];
    if (item !== undefined && item < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
