import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { artistsProjection } from '@app/modules/catalog';
import { SESSION_CACHE_MS, usersProjection } from '@app/modules/identity';
import { startTcpProxy, type TcpProxy } from '@app/testing';
import { startApi } from './api-harness.js';

/** What a stalled database may cost a request at most (docs/operations.md, Configuration: DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
const BOUND_MS = 5000;

/** An in-process api that reaches PostgreSQL through a proxy the test can freeze, and a signed-in fan. */
async function apiBehindProxy(env: Record<string, string> = {}) {
  const admin = new URL(process.env.TEST_ADMIN_DATABASE_URL!);
  const proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  // The projections run beside the api, directly.
  const api = await startApi([usersProjection, artistsProjection], (db) => ({
    DATABASE_URL: proxy.via(db.url),
    ...env,
  }));
  const fan = api.client();
  const created = await fan.post('/api/create-account', {
    email: `stall-${randomUUID()}@example.com`,
    password: 'correct horse 1',
    firstName: 'Stall',
    lastName: 'Ed',
    role: 'fan',
    zipCode: '10001',
  });
  expect(created.status).toBe(201);
  /** The answer and how long it took; a request still waiting after 10 s fails the test. */
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fan.get(path).timeout(10_000);
    return { response, ms: performance.now() - started };
  };
  return {
    proxy,
    api,
    timed,
    async close() {
      proxy.thaw();
      await api.close();
      await proxy.close();
    },
  };
}

/**
 * PostgreSQL stops answering (a proxy in front of it stops forwarding, as a SIGSTOPped server would):
 * the api answers 503 with Retry-After within a few seconds instead of hanging, and serves again by
 * itself once the database is back.
 */
describe('the api when PostgreSQL stalls', () => {
  let proxy: TcpProxy;
  let setup: Awaited<ReturnType<typeof apiBehindProxy>>;
  let timed: (typeof setup)['timed'];

  beforeAll(async () => {
    // The default bounds.
    setup = await apiBehindProxy();
    ({ proxy, timed } = setup);
  });
  afterAll(() => setup.close());

  it('answers 503 with Retry-After within the bound while it stalls, and 200 again once it is back', async () => {
    expect((await timed('/api/artists/all')).response.status).toBe(200);
    proxy.freeze();
    try {
      // The route's own statements stall (the session is still in the process's session cache).
      const list = await timed('/api/artists/all');
      expect(list.response.status).toBe(503);
      expect(list.ms).toBeLessThan(BOUND_MS);
      expect(list.response.headers['retry-after']).toBe('5');
      expect(list.response.body).toEqual({
        statusCode: 503,
        error: 'Payola is briefly unavailable. Please try again in a few seconds.',
        message: 'Payola is briefly unavailable. Please try again in a few seconds.',
      });

      // Reading the session itself stalls (Express middleware, before any route).
      await sleep(SESSION_CACHE_MS);
      const check = await timed('/api/auth/check');
      expect(check.response.status).toBe(503);
      expect(check.ms).toBeLessThan(BOUND_MS);
      expect(check.response.headers['retry-after']).toBe('5');

      // Several at once: the pool's connections are all stuck or gone, and waiting for one is bounded too.
      const burst = await Promise.all(Array.from({ length: 12 }, () => timed('/api/artists/all')));
      for (const { response, ms } of burst) {
        expect(response.status).toBe(503);
        expect(ms).toBeLessThan(BOUND_MS);
      }
    } finally {
      proxy.thaw();
    }

    // Back by itself: no restart, the same process and pool.
    const deadline = Date.now() + 10_000;
    let again = await timed('/api/artists/all');
    while (again.response.status !== 200 && Date.now() < deadline) {
      await sleep(200);
      again = await timed('/api/artists/all');
    }
    expect(again.response.status).toBe(200);
    expect(again.ms).toBeLessThan(1000);
    const check = await timed('/api/auth/check');
    expect(check.response.status).toBe(200);
    expect(check.response.body).toMatchObject({ authenticated: true });
  });
});

describe('the request bound (API_REQUEST_TIMEOUT_MS)', () => {
  let setup: Awaited<ReturnType<typeof apiBehindProxy>>;

  beforeAll(async () => {
    // Without the database's own bounds, only the request's is left.
    setup = await apiBehindProxy({
      DB_CONNECT_TIMEOUT_MS: '0',
      DB_STATEMENT_TIMEOUT_MS: '0',
      API_REQUEST_TIMEOUT_MS: '1500',
    });
  });
  afterAll(() => setup.close());

  it('answers 503 when a request has not answered in time, and drops the late answer of its work', async () => {
    setup.proxy.freeze();
    const list = await setup.timed('/api/artists/all');
    expect(list.response.status).toBe(503);
    expect(list.response.headers['retry-after']).toBe('5');
    expect(list.ms).toBeGreaterThanOrEqual(1400);
    expect(list.ms).toBeLessThan(3000);
    // The stalled work finishes once the database answers; its answer goes nowhere, and the api carries on.
    setup.proxy.thaw();
    await sleep(500);
    expect((await setup.timed('/api/artists/all')).response.status).toBe(200);
  });
});
