import { jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { usersProjection } from '@app/modules/identity';
import { EmailOutbox, EmailQueue } from '@app/platform';
import { unusedPort } from '@app/testing';
import { startApi, type ApiHarness } from './api-harness.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('password reset while Redis is down (real PostgreSQL)', () => {
  let api: ApiHarness;
  const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);

  beforeAll(async () => {
    api = await startApi([usersProjection], { REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` });
  });
  afterAll(async () => {
    await api.close();
    errorLog.mockRestore();
  });

  it('still answers the request, and the email goes out once Redis is back', async () => {
    const browser = api.client();
    expect(
      (
        await browser.post('/api/create-account', {
          email: 'outage@example.com',
          password: 'correct horse 1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          role: 'fan',
          zipCode: '90210',
        })
      ).status,
    ).toBe(201);

    const response = await api.client().post('/api/forgot-password', { email: 'outage@example.com' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(ACCOUNT_MESSAGES.resetLinkSent);
    const { rows } = await api.db.pool.query("select message->>'to' as to, message->>'text' as text from email_outbox");
    expect(rows).toEqual([{ to: 'outage@example.com', text: expect.stringContaining('/reset-password?token=') }]);

    // Redis is back: the worker's relay queues the email, and its link resets the password.
    const prefix = process.env.QUEUE_PREFIX!;
    const live = new EmailQueue(REDIS_URL, prefix);
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const inspect = new Queue('email', { connection: redis, prefix });
    try {
      await new Promise((r) => setTimeout(r, 100));
      expect(await new EmailOutbox(api.db.pool, live).relay()).toBe(1);
      const [job] = await inspect.getJobs(['waiting']);
      expect(job?.data.to).toBe('outage@example.com');
      const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(job!.data.text as string)![1]!;
      const reset = await api.client().post('/api/reset-password', { token, password: 'brand new pass' });
      expect(reset.status).toBe(200);
    } finally {
      await inspect.obliterate({ force: true });
      await inspect.close();
      redis.disconnect();
      await live.close();
    }
  });
});
