import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { generate } from 'otplib';
import { ACCOUNT_MESSAGES, createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { changeOperator, PRODUCT_QUEUE_NAMES } from '@app/modules/operators';
import { createRedis } from '@app/platform';
import { QUEUE_BOARD_WRITE_REFUSED } from '../src/infrastructure/queue-board.js';
import { startApi, type ApiHarness, type Client } from './api-harness.js';

const TEST_TIMEOUT_MS = 120_000;
const PASSWORD = 'correct horse 1';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the queue board at /ops/queues (bull-board): operators past the second factor only', () => {
  let api: ApiHarness;
  let store: EventStore;

  beforeAll(async () => {
    api = await startApi([usersProjection]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  async function signUp(): Promise<{ client: Client; email: string }> {
    const client = api.client();
    const email = `queues-${randomUUID()}@example.com`;
    const created = await client.post('/api/create-account', {
      email,
      password: PASSWORD,
      firstName: 'Quinn',
      lastName: 'Queues',
      role: 'fan',
      zipCode: '10001',
    });
    expect(created.status).toBe(201);
    return { client, email };
  }

  /** An operator; `pass` also enrols the authenticator, which passes the second factor for this session. */
  async function operator(pass: boolean): Promise<{ client: Client; email: string }> {
    const account = await signUp();
    await changeOperator(api.db.pool, store, 'grant', account.email, 'test');
    if (pass) {
      const setup = await account.client.post('/api/ops/second-factor/setup');
      const code = await generate({ secret: setup.body.secret });
      expect((await account.client.post('/api/ops/second-factor/confirm', { code })).status).toBe(200);
    }
    return account;
  }

  /** What a path nobody serves answers (the web app is not served in these tests), and the same for `path`. */
  async function expectUnknown(client: Client, path: string) {
    const unknown = await client.get('/ops/no-such-page');
    const page = await client.get(path);
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(page.text).toBe(unknown.text.replace('/ops/no-such-page', path));
  }

  it(
    'answers visitors, members and operators without the second factor as it answers an unknown path',
    async () => {
      const member = await signUp();
      const unverified = await operator(false);
      for (const client of [api.client(), member.client, unverified.client]) {
        await expectUnknown(client, '/ops/queues');
        await expectUnknown(client, '/ops/queues/api/queues');
        const retry = await client.put('/ops/queues/api/queues/email/retry/failed');
        expect(retry.status).toBe(404);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "shows an operator the board with the product's queues, lets them retry failed jobs and nothing else",
    async () => {
      const ops = await operator(true);
      const page = await ops.client.get('/ops/queues');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('<title>Payola queues</title>');
      expect(page.text).toContain('<base href="/ops/queues/"');
      // The board's own script, from the api, not a CDN.
      const script = /<script defer src="(static\/js\/main[^"]+)"/.exec(page.text)?.[1];
      expect((await ops.client.get(`/ops/queues/${script}`)).status).toBe(200);

      const listed = await ops.client.get('/ops/queues/api/queues?activeQueue=&page=1&jobsPerPage=10');
      expect(listed.status).toBe(200);
      const names = (listed.body.queues as { name: string }[]).map((queue) => queue.name).sort();
      expect(names).toEqual([...PRODUCT_QUEUE_NAMES].sort());

      // A failed job in the email queue: the operator retries it from the board.
      const config = { prefix: process.env.QUEUE_PREFIX ?? '' };
      const redis = createRedis(REDIS_URL, 'client');
      const queue = new Queue('email', { connection: redis, ...config });
      try {
        await queue.add('send', { to: 'nobody@example.com' });
        // Taken by a worker that fails it, as the email sender does when SMTP refuses.
        const blocking = createRedis(REDIS_URL, 'blocking');
        const worker = new Worker('email', null, { connection: blocking, ...config });
        const job = await worker.getNextJob('test-token');
        await job?.moveToFailed(new Error('SMTP refused'), 'test-token', false);
        await worker.close();
        blocking.disconnect();
        expect(await queue.getFailedCount()).toBe(1);
        const retried = await ops.client.put('/ops/queues/api/queues/email/retry/failed');
        expect(retried.status).toBe(200);
        expect(await queue.getFailedCount()).toBe(0);
        // Emptying, cleaning or pausing a queue could lose the product's own jobs: refused.
        for (const path of ['/ops/queues/api/queues/email/empty', '/ops/queues/api/queues/email/clean/completed']) {
          const refused = await ops.client.put(path);
          expect(refused.status).toBe(403);
          expect(refused.body.error).toBe(QUEUE_BOARD_WRITE_REFUSED);
        }
        expect(await queue.getWaitingCount()).toBe(1);
        // The board shows an email's subject, never its address or body (one-time links, personal data).
        await queue.add('send', {
          to: 'member@example.com',
          subject: 'Reset your Payola password',
          text: 'Open http://payola.test/reset-password?token=secret-token',
        });
        const shown = await ops.client.get(
          '/ops/queues/api/queues?activeQueue=email&status=waiting&page=1&jobsPerPage=10',
        );
        expect(shown.status).toBe(200);
        const board = JSON.stringify(shown.body);
        expect(board).toContain('Reset your Payola password');
        expect(board).not.toMatch(/member@example\.com|secret-token|nobody@example\.com/);
      } finally {
        await queue.obliterate({ force: true });
        await queue.close();
        redis.disconnect();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "refuses an operator's board writes without the CSRF token, as every other write",
    async () => {
      const ops = await operator(true);
      const forged = await ops.client.postWithoutCsrf('/ops/queues/api/queues/email/retry/failed');
      expect(forged.status).toBe(403);
      expect(forged.body.error).toBe(ACCOUNT_MESSAGES.csrfInvalid);
    },
    TEST_TIMEOUT_MS,
  );
});
