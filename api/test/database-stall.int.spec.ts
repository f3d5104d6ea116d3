import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { artistsProjection } from '@app/modules/catalog';
import { SESSION_CACHE_MS, usersProjection } from '@app/modules/identity';
import { startTcpProxy, type TcpProxy } from '@app/testing';
import { startApi, type ApiHarness, type Client } from './api-harness.js';

/** What a stalled database may cost a request at most (README: DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
const BOUND_MS = 5000;

/**
 * PostgreSQL stops answering (a proxy in front of it stops forwarding, as a SIGSTOPped server would):
 * the api answers 503 with Retry-After within a few seconds instead of hanging, and serves again by
 * itself once the database is back.
 */
describe('the api when PostgreSQL stalls', () => {
  let proxy: TcpProxy;
  let api: ApiHarness;
  let fan: Client;

  beforeAll(async () => {
    const admin = new URL(process.env.TEST_ADMIN_DATABASE_URL!);
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    // The api reaches PostgreSQL through the proxy with the default bounds; the projections run beside it directly.
    api = await startApi([usersProjection, artistsProjection], (db) => ({ DATABASE_URL: proxy.via(db.url) }));
    fan = api.client();
    const created = await fan.post('/api/create-account', {
      email: `stall-${randomUUID()}@example.com`,
      password: 'correct horse 1',
      firstName: 'Stall',
      lastName: 'Ed',
      role: 'fan',
      zipCode: '10001',
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    proxy.thaw();
    await api.close();
    await proxy.close();
  });

  /** The answer and how long it took; a request still waiting after 10 s fails the test. */
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fan.get(path).timeout(10_000);
    return { response, ms: performance.now() - started };
  };

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
