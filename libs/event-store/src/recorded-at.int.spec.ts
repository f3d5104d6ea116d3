import { createTestDatabase, waitForFinalLog, type TestDatabase } from '@app/testing';
import { testRegistry } from '../test/fixtures.js';
import { EventStore, readAll } from './event-store.js';
import { LOG_START } from './log-position.js';

/**
 * Events carry recorded_at as integer milliseconds from the database instead of its text form (the
 * costliest column to parse in a replay). A handler that writes recordedAt into a read model must see
 * exactly the Date that pg's own parser gave before, whatever the session's time zone.
 */
describe('recordedAt of a read event (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('is the Date pg parses from recorded_at, microseconds truncated, in any time zone', async () => {
    const moments = [
      '2026-01-02 03:04:05.999999+00',
      '2026-01-02 03:04:05.000999+00',
      '2026-06-30 23:59:59.5+00',
      '1999-12-31 23:59:59.0005+00',
      '2026-03-01 12:00:00+00',
    ];
    for (const [index, moment] of moments.entries()) {
      await db.pool.query(
        `insert into events (stream_id, stream_version, type, data, recorded_at)
         values ('moments', $1, 'test.Renamed', '{"name": "x"}', $2)`,
        [index + 1, moment],
      );
    }
    await waitForFinalLog(db.pool);
    const client = await db.pool.connect();
    try {
      await client.query("set timezone to 'America/St_Johns'");
      const parsedByPg = await client.query<{ recorded_at: Date }>(
        "select recorded_at from events where stream_id = 'moments' order by stream_version",
      );
      const expected = parsedByPg.rows.map((row) => row.recorded_at.toISOString());
      expect(expected[0]).toBe('2026-01-02T03:04:05.999Z');

      const stream = await new EventStore(db.pool, testRegistry()).readStream('moments', client);
      expect(stream.map((event) => event.recordedAt.toISOString())).toEqual(expected);
      const log = await readAll(client, LOG_START, { limit: 10 });
      expect(log.map((event) => event.recordedAt.toISOString())).toEqual(expected);
    } finally {
      client.release();
    }
  });
});
