import { oneStatementPerTurn } from './catalog-read-cache.js';

/**
 * The loader behind the read caches' flags and the search's rows: requests of one turn share a statement,
 * and a batch that fills up goes at once instead of waiting for the turn to end.
 */
describe('oneStatementPerTurn', () => {
  /** A loader whose statements are recorded (each answers its requests doubled). */
  function recordingLoader(batchSize: number) {
    const statements: number[][] = [];
    const loader = oneStatementPerTurn<number, number>(async (requests) => {
      statements.push([...requests]);
      return requests.map((request) => request * 2);
    }, batchSize);
    return { loader, statements };
  }

  it('answers the requests of one turn with one statement, sent when the turn ends', async () => {
    const { loader, statements } = recordingLoader(32);
    const answers = [1, 2, 3].map((n) => loader.load(n));
    await Promise.resolve();
    expect(statements).toEqual([]);
    expect(await Promise.all(answers)).toEqual([2, 4, 6]);
    expect(statements).toEqual([[1, 2, 3]]);
  });

  it('sends a full batch while the turn is still reading requests, and the rest when it ends', async () => {
    const { loader, statements } = recordingLoader(3);
    const answers = [1, 2, 3, 4].map((n) => loader.load(n));
    // The fourth request opened a new batch: the full one was sent then, in this same turn.
    expect(statements).toEqual([[1, 2, 3]]);
    answers.push(...[5, 6].map((n) => loader.load(n)));
    expect(statements).toEqual([[1, 2, 3]]);
    answers.push(loader.load(7), loader.load(8));
    expect(statements).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    expect(statements).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
  });

  it('sends each batch once, and a request after a turn joins the next statement', async () => {
    const { loader, statements } = recordingLoader(2);
    const first = Promise.all([1, 2, 3].map((n) => loader.load(n)));
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all([4].map((n) => loader.load(n)));
    expect(await first).toEqual([2, 4, 6]);
    expect(await second).toEqual([8]);
    expect(statements).toEqual([[1, 2], [3], [4]]);
  });
});
