import { searchWords, typoVariants, wordQuery } from './search-words.js';

/** What the word index decides: two words meet when their variant sets intersect. */
function oneTypoApart(stored: string, typed: string): boolean {
  const storedVariants = new Set(typoVariants(stored));
  return typoVariants(typed).some((variant) => storedVariants.has(variant));
}

describe('search words', () => {
  it.each([
    ['The Beatles', ['beatles']],
    ['Sigur Rós', ['sigur', 'ros']],
    ['Earth, Wind & Fire', ['earth', 'wind', 'and', 'fire']],
    ['ヨアソビ', ['yoasobi']],
    ['Duran Duran', ['duran']],
  ])('%j is indexed as %j', (name, words) => {
    expect(searchWords(name)).toEqual(words);
  });

  it.each([
    ['bjork', 'bjrk', 'a letter left out'],
    ['radiohead', 'radiohed', 'a letter left out'],
    ['metallica', 'metalica', 'a doubled letter typed once'],
    ['bjork', 'bjorkk', 'a letter added'],
    ['bjork', 'bjirk', 'a letter changed'],
    ['beyonce', 'beyocne', 'two neighbours swapped'],
  ])('%j is found by %j (%s)', (stored, typed) => {
    expect(oneTypoApart(stored, typed)).toBe(true);
  });

  it.each([
    ['radiohead', 'radiohxxd', 'two letters changed'],
    ['bjork', 'bjarkk', 'a change and an addition'],
    ['abc', 'abd', 'short words match exactly or by prefix only'],
    ['metallica', 'megadeth', 'another word'],
  ])('%j is not found by %j (%s)', (stored, typed) => {
    expect(oneTypoApart(stored, typed)).toBe(false);
  });

  it('turns a search into numbered words and their variants, at most six words', () => {
    const query = wordQuery('Sigur Rós');
    expect(query.words).toEqual(['sigur', 'ros']);
    expect(query.variants.filter((_, i) => query.wordNumbers[i] === 1)).toEqual([
      'sigur',
      'igur',
      'sgur',
      'siur',
      'sigr',
      'sigu',
    ]);
    expect(query.variants.filter((_, i) => query.wordNumbers[i] === 2)).toEqual(['ros']);
    expect(wordQuery('a b c d e f g h').words).toHaveLength(6);
  });
});
