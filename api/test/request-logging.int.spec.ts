import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { TEST_SESSION_SECRET } from './api-harness.js';
import { apiMain, Browser, Process, unusedPort, waitUntil, workerMain } from './built-apps.js';
const PASSWORD = 'correct horse 1 never-in-a-log';

/**
 * The built api and worker, run as `npm start` runs them at LOG_LEVEL info (the worker at debug): one
 * access line per request, one request id from the caller's header (or a new one) to the answer, the
 * events appended, the reactor's follow-up and the email the worker sends, and no secret in any line.
 */
describe('request logs and request ids (the built api and worker)', () => {
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
      QUEUE_PREFIX: `request-logging-${randomUUID()}`,
      SESSION_SECRET: TEST_SESSION_SECRET,
      WORKER_HEALTH_PORT: String(workerHealthPort),
      PROJECTION_POLL_INTERVAL_MS: '200',
    };
    // The worker first: it creates the read models' tables the api reads.
    worker = new Process(workerMain, { ...env, LOG_LEVEL: 'debug' });
    await waitUntil('the worker', async () => {
      const response = await fetch(`http://127.0.0.1:${workerHealthPort}/health`).catch(() => undefined);
      return response?.ok ? true : undefined;
    });
    api = new Process(apiMain, { ...env, PORT: String(port), LOG_LEVEL: 'info' });
    await waitUntil('the api', async () => {
      const response = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      return response?.ok ? true : undefined;
    });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    await db.close();
  });

  const eventOf = async (type: string, requestId: string) => {
    const { rows } = await db.pool.query<{ metadata: Record<string, unknown> }>(
      "select metadata from events where type = $1 and metadata->>'requestId' = $2",
      [type, requestId],
    );
    return rows[0]?.metadata;
  };

  it('writes one access line per request with method, route, status, duration, user and request id', async () => {
    const browser = new Browser(baseUrl);
    const id = `test-${randomUUID()}`;
    const check = await browser.send('GET', '/api/auth/check?from=test', undefined, id);
    expect(check.headers.get('x-request-id')).toBe(id);

    const line = await api.find((entry) => entry.requestId === id);
    expect(line).toMatchObject({
      level: 30,
      name: 'api',
      msg: 'request completed',
      method: 'GET',
      route: '/api/auth/check',
      path: '/api/auth/check',
      status: check.status,
      durationMs: expect.any(Number),
    });
    expect(line).not.toHaveProperty('userId');
    expect(api.entries().filter((entry) => entry.requestId === id)).toHaveLength(1);
  });

  it('writes the access line of a request the middleware chain refused before any route (no CSRF token)', async () => {
    const id = `refused-${randomUUID()}`;
    const refused = await fetch(`${baseUrl}/api/logout`, { method: 'POST', headers: { 'x-request-id': id } });
    expect(refused.status).toBe(403);
    const line = await api.find((entry) => entry.requestId === id);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'POST',
      path: '/api/logout',
      status: 403,
    });
  });

  it('makes a new id when the caller sends none or one that is not a plausible id', async () => {
    const browser = new Browser(baseUrl);
    const none = (await browser.send('GET', '/api/auth/check')).headers.get('x-request-id');
    expect(none).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const forged of ['x'.repeat(129), 'two words', '<script>', '"},"level":60,"x":"']) {
      const answered = (await browser.send('GET', '/api/auth/check', undefined, forged)).headers.get('x-request-id');
      expect(answered).not.toBe(forged);
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("records the request's id in its events, the reactor's follow-up, and the worker's lines about it", async () => {
    const browser = new Browser(baseUrl);
    const email = `logs-${randomUUID()}@example.com`;
    const signUp = `sign-up-${randomUUID()}`;
    const created = await browser.send(
      'POST',
      '/api/create-account',
      { email, password: PASSWORD, firstName: 'Log', lastName: 'Line', role: 'fan', zipCode: '10001' },
      signUp,
    );
    expect(created.status).toBe(201);
    const { userId } = (await created.json()) as { userId: string };
    expect(await eventOf('AccountCreated', signUp)).toMatchObject({ requestId: signUp });
    expect(await api.find((entry) => entry.requestId === signUp)).toMatchObject({
      method: 'POST',
      route: '/api/create-account',
      status: 201,
      userId,
    });
    // The projector's batch line (debug) names the requests whose events it projected.
    await worker.find(
      (entry) =>
        entry.msg === 'projected batch' && (entry.requestIds as string[] | undefined)?.includes(signUp) === true,
    );

    const intent = await browser.send('POST', '/api/create-payment-intent', {
      membershipAddon: true,
      selectedRole: 'fan',
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await browser.send('POST', '/api/test-payments/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    expect((await browser.send('POST', '/api/kyc/session')).status).toBe(200);
    const approval = `approval-${randomUUID()}`;
    const decided = await browser.send('POST', '/api/kyc/test-decision', { decision: 'approved' }, approval);
    expect(decided.status).toBe(200);
    expect(await eventOf('KycApproved', approval)).toMatchObject({ requestId: approval });
    // The approval's transaction pays +1000, so the reward carries the approval's request id too.
    await waitUntil('the reward', () => eventOf('PayolaAwarded', approval));

    // A controller that names the id itself (@RequestId()) records the same id.
    const adding = `add-artist-${randomUUID()}`;
    const added = await browser.send(
      'POST',
      '/api/artists',
      {
        artist: {
          name: 'The Log Lines',
          artistType: 'Band',
          genre: 'Rock',
          spotifyUrl: 'https://open.spotify.com/artist/0000000000000000000777',
          socialUrls: ['instagram.com/theloglines'],
        },
        attested: true,
      },
      adding,
    );
    expect(added.status).toBe(201);
    expect(await eventOf('ArtistAdded', adding)).toMatchObject({ requestId: adding, actingUserId: userId });

    const reset = `reset-${randomUUID()}`;
    expect((await new Browser(baseUrl).send('POST', '/api/forgot-password', { email }, reset)).status).toBe(200);
    expect(await worker.find((entry) => entry.msg === 'email sent' && entry.requestId === reset)).toMatchObject({
      name: 'worker',
      to: email,
    });
  }, 120_000);

  it('logs no password, cookie or set-cookie value from a login', async () => {
    const email = `login-${randomUUID()}@example.com`;
    const account = new Browser(baseUrl);
    const body = { email, password: PASSWORD, firstName: 'Log', lastName: 'In', role: 'fan', zipCode: '10001' };
    expect((await account.send('POST', '/api/create-account', body)).status).toBe(201);

    const browser = new Browser(baseUrl);
    const id = `login-${randomUUID()}`;
    const login = await browser.send('POST', '/api/login', { email, password: PASSWORD }, id);
    expect(login.status).toBe(200);
    const secrets = [PASSWORD, ...browser.cookies.values()].flatMap((value) => [value, decodeURIComponent(value)]);
    expect(login.headers.getSetCookie().length).toBeGreaterThan(0);
    // Something every later request sends back: a cookie that must not be logged either.
    expect((await browser.send('GET', '/api/auth/check')).status).toBe(200);

    const line = await api.find((entry) => entry.requestId === id);
    expect(line).toMatchObject({ route: '/api/login', status: 200, userId: expect.any(String) });
    const everything = [...api.lines, ...worker.lines].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/"(cookie|set-cookie|authorization|password)":"(?!\[redacted\])/i);
  }, 60_000);
});
