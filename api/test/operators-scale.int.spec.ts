import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { createDomainEventRegistry, type EventOfType } from '@app/contracts';
import { ensureCheckpoint, EventStore, readHead, replayProjection, saveCheckpoint } from '@app/event-store';
import {
  changeOperator,
  dailyActivityProjection,
  DASHBOARD_CACHE_MS,
  LOG_CONSUMER_NAMES,
} from '@app/modules/operators';
import { milestoneProgressProjection } from '@app/modules/outreach';
import { startApi, type ApiHarness } from './api-harness.js';

const ENTRIES = 100_000;

/**
 * The dashboard reads read models only (30 days of per-day counts, the milestone row, one checkpoint
 * per consumer), so what it costs must not grow with the log: 100,000 sign-ups over 30 days answer
 * as fast as none.
 */
describe('the operators dashboard at 100,000 entries', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    // The milestone read model is migrated (the dashboard reads it) but left empty, as nothing runs here.
    api = await startApi([dailyActivityProjection, milestoneProgressProjection], {}, undefined, { project: false });
  });
  afterAll(() => api.close());

  it('answers from the per-day read model in milliseconds', async () => {
    const store = new EventStore(api.db.pool, createDomainEventRegistry());
    for (let stream = 0; stream < ENTRIES / 1000; stream++) {
      const events = Array.from({ length: 1000 }, (_, i): EventOfType<'AccountCreated'> => ({
        type: 'AccountCreated',
        data: {
          userId: `scale-${stream}-${i}`,
          email: `scale-${stream}-${i}@example.com`,
          firstName: 'Scale',
          lastName: 'Test',
          role: 'fan',
          zipCode: '10001',
          passwordHash: 'not-a-real-hash',
        },
      }));
      await store.append(`scale-${stream}`, 'no_stream', events);
    }
    // Spread over the 30 days the dashboard shows (a replay reads recorded_at back unchanged). The
    // log refuses updates by trigger; a test database's superuser steps around it, as a restore would.
    const db = await api.db.pool.connect();
    try {
      await db.query('begin');
      await db.query('set local session_replication_role = replica');
      await db.query(`update events set recorded_at = now() - (global_position % 30) * interval '1 day'`);
      await db.query('commit');
    } finally {
      db.release();
    }
    // The update left a dead version of every row behind; autovacuum would clear it in time.
    await api.db.pool.query('vacuum analyze events');

    const client = api.client();
    const email = `scale-operator-${randomUUID()}@example.com`;
    await client.post('/api/create-account', {
      email,
      password: 'correct horse 1',
      firstName: 'Opal',
      lastName: 'Erator',
      role: 'fan',
      zipCode: '10001',
    });
    await changeOperator(api.db.pool, store, 'grant', email, 'scale test');
    const setup = await client.post('/api/ops/second-factor/setup');
    await client.post('/api/ops/second-factor/confirm', { code: await generate({ secret: setup.body.secret }) });
    await replayProjection(api.db.pool, dailyActivityProjection, { batchSize: 5000 });
    // As in production, every consumer the lag table names has a checkpoint, caught up with the log.
    const head = await readHead(api.db.pool);
    for (const name of LOG_CONSUMER_NAMES) {
      await ensureCheckpoint(api.db.pool, name);
      if (name !== dailyActivityProjection.name) await saveCheckpoint(api.db.pool, name, head, 0);
    }

    // The first request also opens the queues' Redis connections; the next, once the 2 s cache is
    // gone, is what an operator's refresh costs.
    const timed = async () => {
      const started = performance.now();
      const answer = await client.get('/api/ops/dashboard');
      return { answer, ms: performance.now() - started };
    };
    const first = await timed();
    expect({ status: first.answer.status, error: first.answer.body.message }).toEqual({
      status: 200,
      error: undefined,
    });
    const signUps = first.answer.body.days.reduce((sum: number, day: { signUps: number }) => sum + day.signUps, 0);
    expect(signUps).toBe(ENTRIES + 1);
    expect(first.answer.body.days.filter((day: { signUps: number }) => day.signUps > 3000)).toHaveLength(30);
    await new Promise((resolve) => setTimeout(resolve, DASHBOARD_CACHE_MS + 100));
    const refresh = await timed();
    console.log(
      `GET /api/ops/dashboard at ${ENTRIES} sign-ups: first ${first.ms.toFixed(1)} ms, uncached refresh ${refresh.ms.toFixed(1)} ms`,
    );
    // Measured at 24-222 ms on a shared 2-core machine (the spread is the machine's load); the bound
    // is loose so load never fails it, and still well under the 0.6-1.5 s this test saw while the
    // lag count walked 100,000 dead row versions.
    expect(refresh.ms).toBeLessThan(1000);
  }, 240_000);
});
