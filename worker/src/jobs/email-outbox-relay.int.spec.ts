import { jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createLogger, EMAIL_QUEUE, stageEmail, withTransaction, type AppConfig } from '@app/platform';
import { createTestDatabase, unusedPort, type TestDatabase } from '@app/testing';
import { EmailOutboxRelay } from './email-outbox-relay.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const email = (to: string) => ({ to, subject: 'Reset your Payola password', html: '<p>Hi</p>', text: 'Hi' });

describe("the worker's email outbox relay (real PostgreSQL and Redis)", () => {
  let db: TestDatabase;
  const prefix = `relay-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const relayWith = (redisUrl: string) =>
    new EmailOutboxRelay(
      { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix } as AppConfig,
      db.pool,
      createLogger('test', 'silent'),
    );

  it('keeps emails through a Redis outage, then queues each once and empties the outbox', async () => {
    for (const to of ['one@example.com', 'two@example.com', 'three@example.com']) {
      await withTransaction(db.pool, (client) => stageEmail(client, email(to)));
    }

    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = relayWith(`redis://127.0.0.1:${await unusedPort()}`);
    try {
      await down.tick();
      expect(await down.outbox.pending()).toBe(3);
    } finally {
      await down.onApplicationShutdown();
      errorLog.mockRestore();
    }

    const relay = relayWith(REDIS_URL);
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const inspect = new Queue(EMAIL_QUEUE, { connection: redis, prefix });
    try {
      await new Promise((r) => setTimeout(r, 100));
      await Promise.all([relay.tick(), relay.tick()]);
      expect(await relay.outbox.pending()).toBe(0);
      const jobs = await inspect.getJobs(['waiting']);
      expect(jobs.map((job) => job.data.to).sort()).toEqual([
        'one@example.com',
        'three@example.com',
        'two@example.com',
      ]);
    } finally {
      await relay.onApplicationShutdown();
      await inspect.obliterate({ force: true });
      await inspect.close();
      redis.disconnect();
    }
  });
});
