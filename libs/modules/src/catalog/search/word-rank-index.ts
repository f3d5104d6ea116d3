import { typoVariants } from '@app/domain';

/**
 * An in-memory copy of a catalogue's word index (projections/word-index.ts) with what a search of the
 * All tab ranks and filters by, answering exactly as the search statement does
 * (application/queries/catalog-list-sql.ts, word-match-sql.ts) without asking PostgreSQL: each typed
 * word matches a word of the name it begins (2 points if whole, 1 if a prefix) or, failing that, one a
 * typo away (0 points, one typo); every typed word must match; the exact name ranks first, then fewer
 * typos, more points, newest first. It holds no answer text: the page's rows are still read by id.
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

export class WordRankIndex {
  private readonly entries: IndexedEntry[] = [];
  private readonly ordinals = new Map<string, number>();
  private readonly byPosition = new Map<number, number>();
  /** Word -> ordinals of the entries whose name has it. */
  private readonly postings = new Map<string, Set<number>>();
  /** Every word ever indexed, in code-unit order: a prefix's words are one contiguous run. */
  private sortedWords: string[] = [];
  /** A one-deletion variant (or the word itself) -> the words that have it (search-words.ts). */
  private readonly variants = new Map<string, Set<string>>();

  /** Builds from a whole catalogue: the words are sorted once instead of placed one by one. */
  static of(entries: Iterable<IndexedEntry>): WordRankIndex {
    const index = new WordRankIndex();
    for (const entry of entries) index.put(entry, false);
    index.sortedWords = [...index.postings.keys()].sort();
    return index;
  }

  get size(): number {
    return this.entries.length;
  }

  /** Adds an entry, or replaces the one with its id (a rename, a changed filter value). */
  upsert(entry: IndexedEntry): void {
    this.put(entry, true);
  }

  private put(entry: IndexedEntry, keepSorted: boolean): void {
    if (!(entry.position >= 0 && entry.position < POSITION_SPAN)) {
      throw new Error(`list position out of range: ${entry.position}`);
    }
    let ordinal = this.ordinals.get(entry.id);
    if (ordinal === undefined) {
      ordinal = this.entries.length;
      this.ordinals.set(entry.id, ordinal);
    } else {
      const old = this.entries[ordinal];
      // As the projection's delete of the words a renamed name lost; its variants stay, as in the table.
      if (old) {
        for (const word of old.words) this.postings.get(word)?.delete(ordinal);
        this.byPosition.delete(old.position);
      }
    }
    this.entries[ordinal] = entry;
    this.byPosition.set(entry.position, ordinal);
    for (const word of entry.words) {
      let posting = this.postings.get(word);
      if (!posting) {
        posting = new Set();
        this.postings.set(word, posting);
        for (const variant of typoVariants(word)) {
          let words = this.variants.get(variant);
          if (!words) this.variants.set(variant, (words = new Set()));
          words.add(word);
        }
        if (keepSorted) this.sortedWords.splice(lowerBound(this.sortedWords, word), 0, word);
      }
      posting.add(ordinal);
    }
  }

  /**
   * The ids of the ranked page and the one after it (up to limit + 1), as the search statement reads
   * them, quirks included: typo matches are looked for only while fewer than offset + limit + 1 entries
   * (public or not) match every word without one, and the unfiltered All tab keeps the best
   * offset + limit + 1 matches (public or not) and the exact-name ones before it drops the non-public.
   */
  rank(query: RankQuery): string[] {
    const count = query.words.length;
    if (count === 0) return [];
    const wanted = query.offset + query.limit + 1;
    // Per typed word, each entry's best: 2 whole word, 1 prefix, 0 a typo.
    const perWord = query.words.map((word) => ({ word, scores: this.prefixMatches(word) }));
    const best = perWord.map(({ scores }) => scores);
    if (intersect(best).length < wanted) for (const { word, scores } of perWord) this.addTypoMatches(word, scores);
    const matches = intersect(best);

    const keyOf = (ordinal: number, exact: boolean) => {
      let typos = 0;
      let score = 0;
      for (const scores of best) {
        const value = scores.get(ordinal) ?? 0;
        if (value === 0) typos++;
        score += value;
      }
      return ((exact ? 128 : 0) + (7 - typos) * 16 + score) * POSITION_SPAN + this.entryAt(ordinal).position;
    };
    const isExact = (ordinal: number) => this.entryAt(ordinal).foldedName === query.folded;

    let candidates: number[];
    if (query.filters.length === 0) {
      // word_top: the best matches by typos, score and position, public or not, and the exact names.
      const top = new Set(topOrdinals(matches, (ordinal) => keyOf(ordinal, false), wanted, this));
      for (const ordinal of matches) if (isExact(ordinal)) top.add(ordinal);
      candidates = [...top].filter((ordinal) => this.entryAt(ordinal).isPublic);
    } else {
      candidates = matches.filter((ordinal) => {
        const entry = this.entryAt(ordinal);
        return entry.isPublic && query.filters.every(([column, value]) => entry.filterValues[column] === value);
      });
    }
    return topOrdinals(candidates, (ordinal) => keyOf(ordinal, isExact(ordinal)), wanted, this)
      .slice(query.offset)
      .map((ordinal) => this.entryAt(ordinal).id);
  }

  /** The entry at an ordinal, by position (a key's low bits). */
  ordinalAt(position: number): number {
    const ordinal = this.byPosition.get(position);
    if (ordinal === undefined) throw new Error(`no entry at position ${position}`);
    return ordinal;
  }

  private entryAt(ordinal: number): IndexedEntry {
    const entry = this.entries[ordinal];
    if (!entry) throw new Error(`no entry ${ordinal}`);
    return entry;
  }

  private prefixMatches(typed: string): Map<number, number> {
    const scores = new Map<number, number>();
    for (let i = lowerBound(this.sortedWords, typed); i < this.sortedWords.length; i++) {
      const word = this.sortedWords[i];
      if (word === undefined || !word.startsWith(typed)) break;
      const score = word === typed ? 2 : 1;
      for (const ordinal of this.postings.get(word) ?? []) {
        if ((scores.get(ordinal) ?? 0) < score) scores.set(ordinal, score);
      }
    }
    return scores;
  }

  /** Entries with no prefix match for the word but a stored word sharing a one-deletion variant. */
  private addTypoMatches(typed: string, scores: Map<number, number>): void {
    const words = new Set<string>();
    for (const variant of typoVariants(typed)) for (const word of this.variants.get(variant) ?? []) words.add(word);
    for (const word of words) {
      for (const ordinal of this.postings.get(word) ?? []) if (!scores.has(ordinal)) scores.set(ordinal, 0);
    }
  }
}

/** The entries in every map (those that matched every typed word). */
function intersect(maps: Map<number, number>[]): number[] {
  const [smallest, ...rest] = [...maps].sort((a, b) => a.size - b.size);
  if (!smallest) return [];
  const result: number[] = [];
  for (const ordinal of smallest.keys()) if (rest.every((map) => map.has(ordinal))) result.push(ordinal);
  return result;
}

/**
 * The `limit` ordinals of highest key, highest first. Keys are distinct (each ends in the entry's unique
 * position), so the order is total, as the statement's `order by ... position desc` is.
 */
function topOrdinals(
  ordinals: readonly number[],
  keyOf: (ordinal: number) => number,
  limit: number,
  index: WordRankIndex,
): number[] {
  // Kept ascending; a key enters only if it beats the smallest kept (a common word matches thousands).
  const kept: number[] = [];
  for (const ordinal of ordinals) {
    const key = keyOf(ordinal);
    if (kept.length === limit && key <= (kept[0] ?? -Infinity)) continue;
    kept.splice(lowerBound(kept, key), 0, key);
    if (kept.length > limit) kept.shift();
  }
  return kept.reverse().map((key) => index.ordinalAt(key % POSITION_SPAN));
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
