import { jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase, unusedPort } from '@app/testing';
import { withTransaction } from '../database/pool.js';
import { EmailOutbox, stageEmail } from './email-outbox.js';
import { EMAIL_QUEUE, EmailQueue } from './email-queue.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const email = (to: string) => ({ to, subject: 'Reset your Payola password', html: '<p>Hi</p>', text: 'Hi' });

describe('email outbox (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let prefix: string;
  let live: EmailQueue;
  let redis: Redis;
  let inspect: Queue;

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = `outbox-${Math.random().toString(36).slice(2, 8)}`;
    live = new EmailQueue(REDIS_URL, prefix);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    inspect = new Queue(EMAIL_QUEUE, { connection: redis, prefix });
    await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    await inspect.obliterate({ force: true });
    await inspect.close();
    redis.disconnect();
    await live.close();
    await db.close();
  });

  const queuedRecipients = async () =>
    (await inspect.getJobs(['waiting', 'delayed', 'active', 'completed'])).map((job) => job.data.to as string).sort();

  it('keeps an email only when the command that staged it commits', async () => {
    await expect(
      withTransaction(db.pool, async (client) => {
        await stageEmail(client, email('rolled-back@example.com'));
        throw new Error('the command failed');
      }),
    ).rejects.toThrow('the command failed');
    await withTransaction(db.pool, (client) => stageEmail(client, email('committed@example.com')));
    const { rows } = await db.pool.query("select message->>'to' as to from email_outbox");
    expect(rows).toEqual([{ to: 'committed@example.com' }]);
    await new EmailOutbox(db.pool, live).relay();
  });

  it('keeps staged emails through a Redis outage and queues each exactly once when Redis is back', async () => {
    await inspect.obliterate({ force: true });
    const down = new EmailQueue(`redis://127.0.0.1:${await unusedPort()}`, prefix);
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const ids = await withTransaction(db.pool, async (client) => [
        await stageEmail(client, email('first@example.com')),
        await stageEmail(client, email('second@example.com')),
      ]);
      await expect(new EmailOutbox(db.pool, down).relay(ids)).rejects.toThrow('Redis is unavailable');
      expect(await new EmailOutbox(db.pool, down).pending()).toBe(2);

      const outbox = new EmailOutbox(db.pool, live);
      // Two relays at once (the api's fast path and the worker's timer) claim disjoint rows.
      const relayed = await Promise.all([outbox.relay(), outbox.relay(), outbox.relay(ids)]);
      expect(relayed.reduce((a, b) => a + b, 0)).toBe(2);
      expect(await outbox.pending()).toBe(0);
      expect(await queuedRecipients()).toEqual(['first@example.com', 'second@example.com']);

      // A relay whose delete was lost after the enqueue sends the same job id again: still one email.
      await live.send(email('first@example.com'), { jobId: `outbox-${ids[0]}` });
      expect(await queuedRecipients()).toEqual(['first@example.com', 'second@example.com']);
    } finally {
      await down.close();
      errorLog.mockRestore();
    }
  });
});
