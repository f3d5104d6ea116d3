import { foldName, nameSearchKey, searchWords } from '@app/domain';
import { nameKeys } from './name-keys.js';

describe('nameKeys', () => {
  const names = [
    'The Beatles',
    'Sigur Rós',
    'Earth, Wind & Fire',
    'ヨアソビ',
    'Björk',
    'AC/DC',
    'Duran Duran',
    'Jay-Z',
    'JAY Z',
    '  The   The  ',
    'Mötley Crüe',
    'Ｆｕｌｌ Ｗｉｄｔｈ',
    'Zero\u200bWidth',
    '!!!',
    '',
  ];

  it.each(names)('gives what the domain functions give for %j', (name) => {
    expect(nameKeys(name)).toEqual({
      searchKey: nameSearchKey(name),
      foldedName: foldName(name),
      words: searchWords(name),
    });
  });
});
