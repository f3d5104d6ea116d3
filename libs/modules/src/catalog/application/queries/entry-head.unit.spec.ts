import { completeHead, entryHead, unsetFields } from './catalog-read-cache.js';

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

  it('completed with one asker’s flags, reads as the whole entry serialized for that asker', () => {
    const fields = { userHasVoted: false, userHasFavorited: true, isVerified: true };
    const whole = JSON.parse(completeHead(entryHead(entry, userFields), fields)) as object;
    expect(whole).toEqual(JSON.parse(JSON.stringify({ ...entry, ...fields })));
  });

  it('names no field of its own for an entry that lacks one, and leaves the entry as it was', () => {
    const { isVerified: _left, ...without } = entry;
    expect(JSON.parse(`${entryHead(without, userFields)}}`)).not.toHaveProperty('isVerified');
    expect(entry.userHasVoted).toBe(true);
  });
});
