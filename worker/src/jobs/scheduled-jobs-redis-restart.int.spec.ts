import { jest } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import {
  grantMonthlyMembership,
  MONTHLY_GRANT_JOB,
  MONTHLY_GRANT_QUEUE,
  MONTHLY_GRANT_SCHEDULE,
} from '@app/modules/payola';
import { createLogger, type Logger, type ObjectStorage } from '@app/platform';
import { createTestDatabase, OwnRedisServer, type TestDatabase } from '@app/testing';
import { keepScheduled } from './keep-scheduled.js';
import { monthlyGrantJob } from './monthly-grant-job.js';
import { defineScheduledJob, startScheduledJob, type ScheduledJobDefinition } from './scheduled-job.js';

async function eventually<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

/** A month relative to the real clock, on its 10th at noon UTC. */
const monthFromNow = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 10, 12));
};
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

function spyLogger(): Logger & { warnings: string[] } {
  const logger = createLogger('test', 'silent');
  const warnings: string[] = [];
  const warn = logger.warn.bind(logger);
  logger.warn = ((...args: Parameters<Logger['warn']>) => {
    warnings.push(String(args.find((arg) => typeof arg === 'string')));
    return warn(...args);
  }) as Logger['warn'];
  return Object.assign(logger, { warnings });
}

describe('scheduled jobs when Redis comes back empty (real PostgreSQL, a Redis of the test own)', () => {
  let db: TestDatabase;
  let store: EventStore;
  let redis: OwnRedisServer;
  let inspect: Queue;
  let inspectConnection: Redis;
  const prefix = `sched-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
    redis = await OwnRedisServer.start();
    inspectConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    inspectConnection.on('error', () => undefined);
    inspect = new Queue(MONTHLY_GRANT_QUEUE, { connection: inspectConnection, prefix });
    inspect.on('error', () => undefined);
  });
  afterAll(async () => {
    await inspect.close();
    inspectConnection.disconnect();
    await redis.kill();
    await db.close();
  });

  /** Starts a job as the worker's ScheduledJobs does; these jobs touch no object storage. */
  const start = (job: ScheduledJobDefinition, logger: Logger) =>
    startScheduledJob(
      job,
      {
        pool: db.pool,
        store,
        storage: undefined as unknown as ObjectStorage,
        logger,
        pokeProjections: () => undefined,
      },
      { redisUrl: redis.url, prefix, logger },
    );
  const scheduleIds = () => inspect.getJobSchedulers().then((schedulers) => schedulers.map((s) => s.key));
  const monthlyAwards = (userId: string) =>
    db.pool
      .query<{ source: string }>(
        `select data->>'source' as source from events where stream_id = $1 and type = 'PayolaAwarded' order by stream_version`,
        [`payola-${userId}`],
      )
      .then((r) => r.rows.map((row) => row.source));

  it("the worker's monthly grant gets its schedule back without a restart, then grants the month missed meanwhile once", async () => {
    const twoMonthsAgo = monthFromNow(-2);
    const lastMonth = monthFromNow(-1);
    await store.append('user-fan', 'no_stream', [
      {
        type: 'MembershipStarted',
        data: { userId: 'fan', subscriptionId: 'sub_fan', startedAt: twoMonthsAgo.toISOString() },
      },
    ]);
    // The grant ran two months ago; last month it never ran (Redis had lost the schedule).
    expect(await grantMonthlyMembership(db.pool, store, twoMonthsAgo)).toBe(1);

    const logger = spyLogger();
    const scheduler = start(monthlyGrantJob, logger);
    try {
      await eventually('schedule registered at start', async () => (await scheduleIds()).length > 0, 10_000);
      expect(await scheduleIds()).toEqual([MONTHLY_GRANT_SCHEDULE.id]);

      await redis.kill();
      await sleep(300);
      await redis.restart();
      // Redis is empty: nothing there until the worker's keeper notices the reconnect.
      const back = Date.now();
      await eventually(
        'schedule back after Redis restarted empty',
        async () => (await scheduleIds()).length > 0,
        15_000,
      );
      expect(await scheduleIds()).toEqual([MONTHLY_GRANT_SCHEDULE.id]);
      expect(Date.now() - back).toBeLessThan(15_000);
      expect(logger.warnings.some((message) => message.includes('missing from Redis'))).toBe(true);

      // The scheduler's own next job, due tonight, run now by the same worker (never restarted).
      const scheduled = await eventually(
        'the scheduled job',
        async () => (await inspect.getDelayed()).find((job) => job.name === MONTHLY_GRANT_JOB),
        5_000,
      );
      await scheduled.promote();
      const result = await finished(scheduled);
      // Last month (missed while Redis was away) and this month, once each.
      expect(result).toEqual({ granted: 2 });
      expect(await monthlyAwards('fan')).toEqual(
        [twoMonthsAgo, lastMonth, monthFromNow(0)].map((at) => `monthly-membership:${monthOf(at)}`),
      );

      // Another run the same day grants nothing more; next month's pays that month only.
      const again = await inspect.add(MONTHLY_GRANT_JOB, {});
      expect(await finished(again)).toEqual({ granted: 0 });
      expect(await grantMonthlyMembership(db.pool, store, monthFromNow(1))).toBe(1);
      expect(await grantMonthlyMembership(db.pool, store, monthFromNow(1))).toBe(0);
      const sources = await monthlyAwards('fan');
      expect(sources).toHaveLength(4);
      expect(new Set(sources).size).toBe(4);
    } finally {
      await scheduler.close();
    }
  });

  it('registers a schedule once Redis is up, warns while it is away, and restores one emptied without a reconnect', async () => {
    await redis.kill();
    const logger = spyLogger();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const keeper = keepScheduled(
      { queue: 'keeper-test', schedule: { id: 'keeper-test', pattern: '0 0 3 * * *', tz: 'UTC' }, name: 'tick' },
      { redisUrl: redis.url, prefix, logger, checkIntervalMs: 200 },
    );
    const keeperQueue = new Queue('keeper-test', { connection: inspectConnection, prefix });
    try {
      await keeper.check();
      await eventually('a warning while Redis is away', async () => logger.warnings.length > 0, 5_000);
      expect(logger.warnings.length).toBe(1);

      await redis.restart();
      const ids = () => keeperQueue.getJobSchedulers().then((schedulers) => schedulers.map((s) => s.key));
      await eventually('registered once Redis is up', async () => (await ids()).includes('keeper-test'), 10_000);

      // Emptied while every connection stays up: the periodic check puts it back.
      await inspectConnection.flushall();
      expect(await ids()).toEqual([]);
      await eventually('back after FLUSHALL', async () => (await ids()).includes('keeper-test'), 5_000);
      expect(await ids()).toEqual(['keeper-test']);
    } finally {
      await keeper.close();
      await keeperQueue.close();
      errors.mockRestore();
    }
  });

  it('runs a job declared with an interval (every) on that interval, its schedule kept under its id', async () => {
    const logger = spyLogger();
    let runs = 0;
    const tick = defineScheduledJob({
      name: 'tick',
      queue: 'every-test',
      schedule: { id: 'every-test', every: 300 },
      handler: async () => ({ run: ++runs }),
    });
    const running = start(tick, logger);
    const queue = new Queue('every-test', { connection: inspectConnection, prefix });
    try {
      await eventually('three runs', async () => runs >= 3, 10_000);
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([['every-test', 300]]);
    } finally {
      await running.close();
      await queue.close();
    }
  });

  async function finished(job: Job): Promise<unknown> {
    const done = await eventually(
      `job ${job.id} finished`,
      async () => {
        // The state first, then the job: a job read before it finished keeps its empty return value.
        const state = await inspect.getJobState(job.id!);
        return (state === 'completed' || state === 'failed') && (await inspect.getJob(job.id!));
      },
      20_000,
    );
    if (done.failedReason) throw new Error(`job ${job.id} failed: ${done.failedReason}`);
    return done.returnvalue;
  }
});
