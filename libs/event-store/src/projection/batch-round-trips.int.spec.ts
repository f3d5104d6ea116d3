import { createLogger } from '@app/platform';
import { createTestDatabase, roundTripsOf, slowLink, type SlowLink, type TestDatabase } from '@app/testing';
import { testRegistry } from '../../test/fixtures.js';
import { EventStore } from '../event-store.js';
import { ConsumerRunner } from './consumer-runner.js';
import { logStatsProjection } from './log-stats.projection.js';
import { migrateReadModels } from './read-model-migrations.js';

/**
 * Every round trip of a live batch is time the events behind it wait (docs/performance.md, real lag).
 * Through a link that makes each take LATENCY_MS, a batch's time counts them.
 */
const LATENCY_MS = 150;

describe('a projection batch, in round trips (real PostgreSQL behind a slow link)', () => {
  let db: TestDatabase;
  let link: SlowLink;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateReadModels(db.pool, [logStatsProjection]);
    store = new EventStore(db.pool, testRegistry());
    link = await slowLink(db.url, LATENCY_MS);
  }, 60_000);
  afterAll(async () => {
    await link.close();
    await db.close();
  });

  it('a one-statement projection takes 3: the read, BEGIN, its write with the COMMIT behind it', async () => {
    const runner = new ConsumerRunner(link.pool, logStatsProjection, {
      databaseUrl: link.url,
      batchSize: 100,
      pollIntervalMs: 60_000,
      logger: createLogger('test', 'silent'),
    });
    // Warm: the checkpoint made and read, the connection open.
    await store.append('warm', 'no_stream', [{ type: 'test.Appended', data: { n: 0, writer: 'warm' } }]);
    await runner.catchUp();

    await store.append('timed', 'no_stream', [{ type: 'test.Appended', data: { n: 1, writer: 'timed' } }]);
    // Awaited one by one it takes 4 (the write, then the COMMIT).
    expect(await roundTripsOf(LATENCY_MS, () => runner.processBatch())).toBe(3);
    const { rows } = await db.pool.query("select events from log_stats where type = 'test.Appended'");
    expect(rows).toEqual([{ events: 2 }]);
  });
});
