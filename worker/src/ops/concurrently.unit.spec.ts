import { setTimeout as sleep } from 'node:timers/promises';
import { forEachConcurrently } from './concurrently.js';

describe('forEachConcurrently', () => {
  it('runs every item, never more than the limit at once, starting them in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await forEachConcurrently([30, 5, 5, 20, 1, 1], 2, async (ms) => {
      started.push(ms);
      running += 1;
      most = Math.max(most, running);
      await sleep(ms);
      running -= 1;
    });
    expect(started).toEqual([30, 5, 5, 20, 1, 1]);
    expect(most).toBe(2);
  });

  it('starts nothing after a failure and throws it once the running item has ended', async () => {
    const done: string[] = [];
    const run = forEachConcurrently(['slow', 'bad', 'never'], 2, async (item) => {
      if (item === 'bad') throw new Error('bad item');
      await sleep(30);
      done.push(item);
    });
    await expect(run).rejects.toThrow('bad item');
    expect(done).toEqual(['slow']);
  });

  it('does nothing for no items', async () => {
    await expect(forEachConcurrently([], 2, () => Promise.reject(new Error('called')))).resolves.toBeUndefined();
  });
});
