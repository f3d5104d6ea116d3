import { encodedHead, entryHead, jsonArray, unsetFields } from './catalog-read-cache.js';

describe('an entry kept as JSON text without its per-user fields', () => {
  const entry = {
    id: 'a1',
    name: 'Ünïcode "Quoted" Band',
    genres: ['jazz', 'soul'],
    links: { website: 'https://example.com', instagram: null },
    userHasVoted: true,
    voteCount: 3,
    createdAt: new Date('2026-11-29T10:00:00.000Z'),
    userHasFavorited: false,
    isVerified: true,
  };
  const userFields = unsetFields({ userHasVoted: false, userHasFavorited: false, isVerified: false });

  it("leaves the per-user fields out and keeps every other field, in the entry's order", () => {
    const head = entryHead(entry, userFields);
    expect(head.endsWith('}')).toBe(false);
    expect(JSON.parse(`${head}}`)).toEqual({
      id: 'a1',
      name: 'Ünïcode "Quoted" Band',
      genres: ['jazz', 'soul'],
      links: { website: 'https://example.com', instagram: null },
      voteCount: 3,
      createdAt: '2026-11-29T10:00:00.000Z',
    });
    expect(Object.keys(JSON.parse(`${head}}`) as object)).toEqual([
      'id',
      'name',
      'genres',
      'links',
      'voteCount',
      'createdAt',
    ]);
  });

  it("completed with each asker's flags, a page is the JSON of its entries as that asker sees them", () => {
    const other = { ...entry, id: 'b2', name: 'Zweite 🎷 Band', voteCount: 0 };
    const flags = [
      { userHasVoted: false, userHasFavorited: true, isVerified: true },
      { userHasVoted: true, userHasFavorited: false, isVerified: false },
    ];
    const heads = [entry, other].map((e) => encodedHead(entryHead(e, userFields)));
    const body = jsonArray(heads, flags);
    // The per-user fields close each entry (the answers' order keeps them last).
    expect(JSON.parse(body.toString('utf8'))).toEqual(
      JSON.parse(
        JSON.stringify([
          { ...entry, ...flags[0] },
          { ...other, ...flags[1] },
        ]),
      ),
    );
    expect(jsonArray([], []).toString()).toBe('[]');
    expect(jsonArray([heads[0]!], [{}]).toString()).toBe(`[${entryHead(entry, userFields)}}]`);
  });

  it('names no field of its own for an entry that lacks one, and leaves the entry as it was', () => {
    const { isVerified: _left, ...without } = entry;
    expect(JSON.parse(`${entryHead(without, userFields)}}`)).not.toHaveProperty('isVerified');
    expect(entry.userHasVoted).toBe(true);
  });
});
