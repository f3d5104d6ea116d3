import { nameSearchKey } from './fold-name.js';

/**
 * The catalogue's search is a word index, not a scan: every folded word of a name is a row keyed by the
 * word, so "what starts with 'radi'" is one B-tree range, and one typo is tolerated by the symmetric
 * deletion method (SymSpell): a stored word and a typed word are at most one edit apart (a letter left
 * out, added, changed, or two neighbours swapped) exactly when they share an entry of
 * {word itself} ∪ {word with one letter deleted}. Both sides' entries are B-tree lookups too, so a typo
 * search costs a handful of index probes however large the catalogue grows, where trigram similarity
 * rechecks every name that shares a few trigrams (seconds at 100,000 names).
 */

/** Shorter words are matched exactly or by prefix only: one edit in "ab" or "abc" matches too much. */
export const MIN_TYPO_WORD_LENGTH = 4;
/** More words than this in a search add nothing but cost; the rest are ignored. */
export const MAX_SEARCH_WORDS = 6;

/** The distinct folded words of a name ("The Beatles" -> ["beatles"], "Sigur Rós" -> ["sigur", "ros"]). */
export function searchWords(name: string): string[] {
  return [...new Set(nameSearchKey(name).split(' ').filter(Boolean))];
}

/** A word and its one-deletion variants: what a stored or typed word meets others by (see above). */
export function typoVariants(word: string): string[] {
  const variants = new Set([word]);
  const letters = [...word];
  if (letters.length >= MIN_TYPO_WORD_LENGTH) {
    for (let i = 0; i < letters.length; i++) variants.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  }
  return [...variants];
}

/** A typed search, ready for the word index: its words (the last one may be half typed) and their variants. */
export interface WordQuery {
  words: string[];
  /** Parallel arrays: entry i says that `variants[i]` stands for typed word number `wordNumbers[i]` (1-based). */
  wordNumbers: number[];
  variants: string[];
}

export function wordQuery(text: string): WordQuery {
  const words = searchWords(text).slice(0, MAX_SEARCH_WORDS);
  const wordNumbers: number[] = [];
  const variants: string[] = [];
  words.forEach((word, index) => {
    for (const variant of typoVariants(word)) {
      wordNumbers.push(index + 1);
      variants.push(variant);
    }
  });
  return { words, wordNumbers, variants };
}
