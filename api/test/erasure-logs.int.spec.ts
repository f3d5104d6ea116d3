import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { TEST_SESSION_SECRET } from './api-harness.js';
import { apiMain, Browser, Process, unusedPort, waitUntil, workerMain } from './built-apps.js';

/**
 * Erasure reaches logs only if personal data never went there: the built api and worker, at debug, through
 * a member's sign-up, profile, password check and deletion, never write their name, email, phone, zip
 * code or password in any line.
 */
describe('no personal data in the logs (the built api and worker, sign-up to erasure)', () => {
  let db: TestDatabase;
  let api: Process;
  let worker: Process;
  let baseUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const port = await unusedPort();
    const workerHealthPort = await unusedPort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SERVE_WEB: 'false',
      QUEUE_PREFIX: `erasure-logs-${randomUUID()}`,
      SESSION_SECRET: TEST_SESSION_SECRET,
      WORKER_HEALTH_PORT: String(workerHealthPort),
      PROJECTION_POLL_INTERVAL_MS: '200',
      LOG_LEVEL: 'debug',
    };
    worker = new Process(workerMain, env);
    await waitUntil(
      'the worker',
      async () => {
        const response = await fetch(`http://127.0.0.1:${workerHealthPort}/health`).catch(() => undefined);
        return response?.ok ? true : undefined;
      },
      90_000,
    );
    api = new Process(apiMain, { ...env, PORT: String(port) });
    await waitUntil(
      'the api',
      async () => {
        const response = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
        return response?.ok ? true : undefined;
      },
      90_000,
    );
  }, 200_000);
  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    await db.close();
  });

  it('writes lines about every step, none holding the member’s personal data', async () => {
    const tag = randomUUID().slice(0, 8);
    const secrets = {
      email: `logged-${tag}@example.com`,
      firstName: `Xaviera${tag}`,
      lastName: `Loglessly${tag}`,
      zipCode: `9${String(parseInt(tag.slice(0, 6), 16) % 10_000).padStart(4, '0')}`,
      phone: `+1 555 ${tag.slice(0, 4)}`,
      password: `never-in-a-log-${tag}`,
    };
    const browser = new Browser(baseUrl);
    const created = await browser.send('POST', '/api/create-account', {
      email: secrets.email,
      password: secrets.password,
      firstName: secrets.firstName,
      lastName: secrets.lastName,
      role: 'fan',
      zipCode: secrets.zipCode,
    });
    expect(created.status).toBe(201);
    const { userId } = (await created.json()) as { userId: string };
    const saved = await browser.send('PATCH', `/api/users/${userId}`, { phone: secrets.phone });
    expect(saved.status).toBe(200);
    const wrong = await browser.send('POST', '/api/users/delete-account', { password: `${secrets.password}-wrong` });
    expect(wrong.status).toBe(400);
    const deleted = await browser.send('POST', '/api/users/delete-account', { password: secrets.password });
    expect(deleted.status).toBe(200);
    expect((await browser.send('GET', '/api/auth/check')).status).toBe(401);

    // The worker has projected the erasure before the logs are read.
    await waitUntil(
      'the erasure projected',
      async () => {
        const { rows } = await db.pool
          .query("select 1 from identity_users where id = $1 and first_name = 'Deleted'", [userId])
          .catch(() => ({ rows: [] }));
        return rows.length > 0 ? true : undefined;
      },
      90_000,
    );
    await sleep(1000);
    const lines = [...api.lines, ...worker.lines];
    expect(lines.some((line) => line.includes('/api/users/delete-account'))).toBe(true);
    const leaks = lines.filter((line) =>
      Object.values(secrets).some((secret) => line.toLowerCase().includes(secret.toLowerCase())),
    );
    expect(leaks).toEqual([]);
  });
});
