import { describeMatch, matchReasons, nameSimilarity, SIMILAR_NAME_THRESHOLD } from './name-similarity.js';

describe('nameSimilarity', () => {
  it.each([
    ['Radiohead', 'Radiohead', 1],
    ['Björk', 'BJORK', 1],
    ['The Beatles', 'Beatles', 1],
    ['abc', 'xyz', 0],
    ['', 'Radiohead', 0],
  ])('%j vs %j is %d', (a, b, expected) => {
    expect(nameSimilarity(a, b)).toBe(expected);
  });

  it.each([
    ['Metallica', 'Metalica'],
    ['Radiohead', 'Radio Head'],
    ['Beyoncé', 'Beyonce Knowles'],
    ['Sigur Ros', 'Sigur Rós band'],
    ['Arctic Monkeys', 'Artic Monkeys'],
  ])('%j and %j are similar (typos, missing words)', (a, b) => {
    expect(nameSimilarity(a, b)).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
  });

  it.each([
    ['Radiohead', 'Portishead'],
    ['Björk', 'Blur'],
    ['Taylor Swift', 'Swiftkick'],
  ])('%j and %j are not similar', (a, b) => {
    expect(nameSimilarity(a, b)).toBeLessThan(SIMILAR_NAME_THRESHOLD);
  });
});

describe('matchReasons', () => {
  const spotify = { platform: 'spotify', key: '4Z8W4fKeB5YxbusRsdQVPb' } as const;
  const instagram = { platform: 'instagram', key: 'radiohead' } as const;
  const website = { platform: 'website', key: 'https://radiohead.com' } as const;

  it.each([
    ['same name only', { name: 'Sigur Rós' }, { name: 'sigur ros' }, ['same name']],
    ['a leading The and punctuation', { name: 'The Beatles' }, { name: 'Beatles!' }, ['same name']],
    ['a typo', { name: 'Metalica' }, { name: 'Metallica' }, ['similar name']],
    [
      'a shared link, whatever the name (a different script)',
      { name: 'Ryuichi Sakamoto', links: [spotify] },
      { name: '坂本龍一', links: [spotify] },
      ['same Spotify link'],
    ],
    [
      'shared links in Link Hub order, then the name',
      { name: 'Radiohead', links: [instagram, website, spotify] },
      { name: 'Radiohead', links: [spotify, website, instagram] },
      ['same Spotify link', 'same website', 'same Instagram link', 'same name'],
    ],
    [
      'the same key on another platform is no match',
      { name: 'A', links: [{ platform: 'instagram', key: 'radiohead' }] },
      { name: 'B', links: [{ platform: 'tiktok', key: 'radiohead' }] },
      [],
    ],
    ['nothing in common', { name: 'Radiohead' }, { name: 'Portishead' }, []],
    ['a blank name', { name: '' }, { name: '' }, []],
  ])('%s', (_case, query, candidate, texts) => {
    expect(matchReasons(query, candidate).map((r) => r.text)).toEqual(texts);
  });

  it('says which platform matched', () => {
    expect(matchReasons({ name: 'x', links: [spotify] }, { name: 'y', links: [spotify] })).toEqual([
      { kind: 'same-link', platform: 'spotify', text: 'same Spotify link' },
    ]);
  });
});

describe('describeMatch', () => {
  it.each([
    [[], ''],
    [[{ kind: 'same-name', text: 'same name' }], 'Same name'],
    [
      [
        { kind: 'same-link', platform: 'spotify', text: 'same Spotify link' },
        { kind: 'similar-name', text: 'similar name' },
      ],
      'Same Spotify link and similar name',
    ],
    [
      [
        { kind: 'same-link', platform: 'spotify', text: 'same Spotify link' },
        { kind: 'same-link', platform: 'instagram', text: 'same Instagram link' },
        { kind: 'same-name', text: 'same name' },
      ],
      'Same Spotify link, same Instagram link and same name',
    ],
  ] as const)('%j -> %j', (reasons, sentence) => {
    expect(describeMatch(reasons)).toBe(sentence);
  });
});
