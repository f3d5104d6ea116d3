import { foldName, searchWords, wordQuery } from '@app/domain';
import { WordRankIndex, type IndexedEntry } from './word-rank-index.js';

/**
 * The in-memory ranking's rules on a handful of names (the integration spec checks it against the
 * search statement on a generated catalogue): prefixes, whole words, one typo, every word required,
 * the exact name first, typos only when too few match without, and renames.
 */
describe('WordRankIndex', () => {
  const entry = (id: string, name: string, position: number, genre = 'Rock', isPublic = true): IndexedEntry => ({
    id,
    position,
    isPublic,
    foldedName: foldName(name),
    words: searchWords(name),
    filterValues: [genre],
  });
  const index = () => {
    const built = new WordRankIndex();
    built.upsert(entry('radiohead', 'Radiohead', 1));
    built.upsert(entry('radio-moscow', 'Radio Moscow', 2, 'Blues'));
    built.upsert(entry('sigur', 'Sigur Rós', 3));
    built.upsert(entry('radiostars', 'The Radiostars', 4));
    built.upsert(entry('hidden-radio', 'Radio', 5, 'Rock', false));
    built.upsert(entry('radiosonde', 'Radiosonde', 6));
    return built;
  };
  const rank = (
    built: WordRankIndex,
    q: string,
    options: Partial<{ limit: number; offset: number; genre: string }> = {},
  ) =>
    built.rank({
      words: wordQuery(q).words,
      folded: foldName(q),
      filters: options.genre ? [[0, options.genre]] : [],
      offset: options.offset ?? 0,
      limit: options.limit ?? 10,
    });

  it('finds names by the start of a word, whole words before prefixes, newest first', () => {
    expect(rank(index(), 'radio')).toEqual(['radio-moscow', 'radiosonde', 'radiostars', 'radiohead']);
    expect(rank(index(), 'ros')).toEqual(['sigur']);
  });

  it('needs every typed word, and ranks the exact name first', () => {
    expect(rank(index(), 'radio mos')).toEqual(['radio-moscow']);
    expect(rank(index(), 'radiohead')).toEqual(['radiohead']);
  });

  it('matches one typo, ranked after the matches without, only when too few match without one', () => {
    expect(rank(index(), 'radiohed')).toEqual(['radiohead']);
    // "radios" begins two names and is "radio" with a letter added.
    expect(rank(index(), 'radios')).toEqual(['radiosonde', 'radiostars', 'radio-moscow']);
    // A page of 1 reads 2 rows, which the two without a typo fill: no typo match is looked for.
    expect(rank(index(), 'radios', { limit: 1 })).toEqual(['radiosonde', 'radiostars']);
  });

  it('filters, pages by offset, and leaves out entries that are not public', () => {
    expect(rank(index(), 'radio', { genre: 'Blues' })).toEqual(['radio-moscow']);
    expect(rank(index(), 'radio', { genre: 'Rock', offset: 1, limit: 1 })).toEqual(['radiostars', 'radiohead']);
    expect(rank(index(), 'radio')).not.toContain('hidden-radio');
  });

  it('cuts the unfiltered tab to the best offset + limit + 1 matches before dropping the non-public, as the statement does', () => {
    // The best three are the hidden "Radio", Radio Moscow and Radiosonde: one of them is not public.
    expect(rank(index(), 'radio', { offset: 1, limit: 1 })).toEqual(['radiosonde']);
  });

  it('forgets the words of a renamed entry, and the answers it gave before', () => {
    const built = index();
    // Asked before the rename: the index remembers this answer until an entry changes.
    expect(rank(built, 'radio')).toEqual(['radio-moscow', 'radiosonde', 'radiostars', 'radiohead']);
    expect(rank(built, 'radio')).toEqual(['radio-moscow', 'radiosonde', 'radiostars', 'radiohead']);
    built.upsert(entry('radio-moscow', 'Moscow Nights', 2, 'Blues'));
    expect(rank(built, 'radio')).toEqual(['radiosonde', 'radiostars', 'radiohead']);
    expect(rank(built, 'nights')).toEqual(['radio-moscow']);
    expect(built.size).toBe(6);
  });
});
