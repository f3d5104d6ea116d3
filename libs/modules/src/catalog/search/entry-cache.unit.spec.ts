import { EntryCache, type KeptEntry } from './entry-cache.js';

/** An entry whose head is `bytes` long. */
function entry(id: string, bytes = 100, revision = 'r1'): KeptEntry {
  return { id, revision, head: Buffer.alloc(bytes, 'x') };
}

describe('EntryCache', () => {
  it('answers an entry only at the revision it was read at', () => {
    const cache = new EntryCache(10_000);
    cache.set(entry('a'));
    expect(cache.get('a', 'r1')?.id).toBe('a');
    expect(cache.get('a', 'r2')).toBeUndefined();
    expect(cache.get('b', 'r1')).toBeUndefined();
  });

  it("keeps two generations of heads, each up to half the budget's bytes, and drops the older", () => {
    // 2,000 bytes: 10 heads of 100 bytes a generation.
    const cache = new EntryCache(2_000);
    for (let i = 0; i < 10; i++) cache.set(entry(`first-${i}`));
    // The eleventh head starts a new generation; the first ten are kept in the older one.
    cache.set(entry('second-0'));
    expect(cache.get('first-0', 'r1')).toBeDefined(); // read: it moves to the current generation
    for (let i = 1; i < 9; i++) cache.set(entry(`second-${i}`));
    // The current generation is full (second-0 to second-8 and first-0): the next head starts another,
    // and the oldest generation goes, but for first-0, which had moved.
    cache.set(entry('third-0'));
    expect(cache.get('first-0', 'r1')).toBeDefined();
    expect(cache.get('first-1', 'r1')).toBeUndefined();
    expect(cache.get('first-9', 'r1')).toBeUndefined();
    expect(cache.get('second-8', 'r1')).toBeDefined();
    expect(cache.get('third-0', 'r1')).toBeDefined();
  });

  it('counts bytes, not entries: a few long heads fill a generation as many short ones do', () => {
    const cache = new EntryCache(2_000);
    cache.set(entry('long-1', 600));
    cache.set(entry('long-2', 600)); // 1,200 bytes > 1,000: long-1 goes to the older generation
    cache.set(entry('long-3', 600)); // and now out
    expect(cache.get('long-1', 'r1')).toBeUndefined();
    expect(cache.get('long-2', 'r1')).toBeDefined();
    expect(cache.get('long-3', 'r1')).toBeDefined();
  });

  it('replaces an entry read again at a new revision without counting its bytes twice', () => {
    const cache = new EntryCache(2_000);
    for (let round = 0; round < 50; round++) cache.set(entry('same', 400, `r${round}`));
    cache.set(entry('other', 400));
    // 800 bytes in the current generation: both are there.
    expect(cache.get('same', 'r49')).toBeDefined();
    expect(cache.get('other', 'r1')).toBeDefined();
  });
});
