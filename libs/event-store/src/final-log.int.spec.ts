import { createTestDatabase, type TestDatabase } from '@app/testing';
import { testRegistry } from '../test/fixtures.js';
import { EventStore, waitForFinalLog, type AppendOptions } from './event-store.js';

/** Settles with 'visible' when the wait returns, or 'still waiting' after `ms` (its timer then cleared). */
async function within(wait: Promise<void>, ms: number): Promise<'visible' | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      wait.then(() => 'visible' as const),
      new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('the wait for a final log', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, testRegistry());
  });
  afterAll(() => db.close());

  /** One event appended with `options` (on its client, inside whatever transaction that has open). */
  const appendOn = (options: AppendOptions, stream: string) =>
    store.append(stream, 'no_stream', [{ type: 'test.Appended', data: { n: 1, writer: stream } }], options);

  it('returns once every event is visible, when the newest position sits in an older transaction', async () => {
    const older = await db.pool.connect();
    const newer = await db.pool.connect();
    try {
      // The older transaction takes its id first; the newer one appends and commits; then the older one
      // appends, so the highest position belongs to the lower transaction id (as concurrent appends do).
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      await newer.query('begin');
      await appendOn({ client: newer }, 'newer');
      await newer.query('commit');
      await appendOn({ client: older }, 'older');
      await older.query('commit');
    } finally {
      older.release();
      newer.release();
    }
    const { rows } = await db.pool.query<{ stream_id: string }>(
      'select stream_id from events order by global_position desc limit 1',
    );
    expect(rows[0]?.stream_id).toBe('older');
    expect(await within(waitForFinalLog(db.pool), 5_000)).toBe('visible');
  });

  it('waits while a transaction that began before the last append is still running', async () => {
    const running = await db.pool.connect();
    try {
      await running.query('begin');
      await running.query('select pg_current_xact_id()');
      await appendOn({}, 'behind-the-running-one');
      const wait = waitForFinalLog(db.pool);
      expect(await within(wait, 500)).toBe('still waiting');
      await running.query('commit');
      expect(await within(wait, 5_000)).toBe('visible');
    } finally {
      running.release();
    }
  });
});
