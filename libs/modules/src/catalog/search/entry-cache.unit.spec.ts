import { EntryCache } from './entry-cache.js';

/** A head of `bytes` bytes (each kept head takes 4 more for its length). */
function head(id: string, bytes = 96): string {
  return `{"id":"${id}"`.padEnd(bytes, 'x');
}

describe('EntryCache', () => {
  it('answers the bytes it kept, and only at the revision they were read at', () => {
    const cache = new EntryCache(10_000);
    const kept = cache.keep('a', '17', '{"id":"a","name":"Zoë"');
    expect(kept.toString()).toBe('{"id":"a","name":"Zoë"');
    expect(cache.get('a', '17')?.toString()).toBe('{"id":"a","name":"Zoë"');
    expect(cache.get('a', '18')).toBeUndefined();
    expect(cache.get('b', '17')).toBeUndefined();
  });

  it('drops every head of an older revision once one of a later revision is kept, and keeps none of an earlier one', () => {
    const cache = new EntryCache(10_000);
    cache.keep('a', '9', head('a'));
    cache.keep('b', '10', head('b'));
    expect(cache.get('a', '9')).toBeUndefined();
    expect(cache.get('a', '10')).toBeUndefined();
    // A request that began before the index caught up: its head is answered, not kept.
    expect(cache.keep('a', '9', head('a')).toString()).toBe(head('a'));
    expect(cache.get('a', '9')).toBeUndefined();
    expect(cache.get('b', '10')?.toString()).toBe(head('b'));
  });

  it("keeps two generations of heads, each up to half the budget's bytes, and drops the older", () => {
    // 2,000 bytes: 10 heads of 100 bytes (96 and their length) a generation.
    const cache = new EntryCache(2_000);
    const firsts = Array.from({ length: 10 }, (_, i) => cache.keep(`first-${i}`, '1', head(`first-${i}`)));
    // The eleventh head starts a new generation; the first ten are kept in the older one.
    cache.keep('second-0', '1', head('second-0'));
    expect(cache.get('first-0', '1')?.toString()).toBe(head('first-0')); // read: it moves to the current generation
    for (let i = 1; i < 9; i++) cache.keep(`second-${i}`, '1', head(`second-${i}`));
    // The current generation is full (second-0 to second-8 and first-0): the next head starts another,
    // and the oldest generation goes, but for first-0, which had moved.
    cache.keep('third-0', '1', head('third-0'));
    expect(cache.get('first-0', '1')?.toString()).toBe(head('first-0'));
    expect(cache.get('first-1', '1')).toBeUndefined();
    expect(cache.get('first-9', '1')).toBeUndefined();
    expect(cache.get('second-8', '1')?.toString()).toBe(head('second-8'));
    expect(cache.get('third-0', '1')?.toString()).toBe(head('third-0'));
    // Bytes handed out before their generation went stay what they were.
    expect(firsts[1]?.toString()).toBe(head('first-1'));
  });

  it('counts bytes, not entries: a few long heads fill a generation as many short ones do', () => {
    const cache = new EntryCache(2_000);
    cache.keep('long-1', '1', head('long-1', 596));
    cache.keep('long-2', '1', head('long-2', 596)); // 1,200 bytes > 1,000: long-1 goes to the older generation
    cache.keep('long-3', '1', head('long-3', 596)); // and now out
    expect(cache.get('long-1', '1')).toBeUndefined();
    expect(cache.get('long-2', '1')?.toString()).toBe(head('long-2', 596));
    expect(cache.get('long-3', '1')?.toString()).toBe(head('long-3', 596));
  });

  it('answers a head longer than a block without keeping it, and multi-byte text by its bytes', () => {
    const cache = new EntryCache(8 * 1024 * 1024);
    const long = head('long', 256 * 1024 + 1);
    expect(cache.keep('long', '1', long).toString()).toBe(long);
    expect(cache.get('long', '1')).toBeUndefined();
    // Heads laid end to end across blocks: each read back whole.
    const names = Array.from({ length: 3000 }, (_, i) => `{"id":"${i}","name":"Björk ${'é'.repeat(i % 700)}"`);
    names.forEach((name, i) => cache.keep(String(i), '1', name));
    expect(names.every((name, i) => cache.get(String(i), '1')?.toString() === name)).toBe(true);
  });
});
