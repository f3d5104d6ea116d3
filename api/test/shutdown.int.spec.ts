import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { usersProjection } from '@app/modules/identity';
import { startTcpProxy } from '@app/testing';
import type { RouteTreeAdapter } from '../src/infrastructure/route-tree-adapter.js';
import { startApi } from './api-harness.js';

/** Waits until `check` holds, failing after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(5);
  }
}

/**
 * The api stops (SIGTERM: Nest closes the HTTP server, then the pool) while a handler runs whose client
 * has already left. Closing the server waits for open connections only, so the pool used to close under
 * that handler: its next statement failed ("Cannot use a pool after calling end on the pool") and the
 * request was half done. Now the process waits for its running handlers first.
 */
describe('an api that stops while a handler runs', () => {
  it('lets the handler of a client that left finish its work before it closes the pool', async () => {
    const admin = new URL(process.env.TEST_ADMIN_DATABASE_URL!);
    const proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    const api = await startApi([usersProjection], (db) => ({ DATABASE_URL: proxy.via(db.url) }));
    try {
      const email = `shutdown-${randomUUID()}@example.com`;
      const created = await api.client().post('/api/create-account', {
        email,
        password: 'correct horse 1',
        firstName: 'Stop',
        lastName: 'Ping',
        role: 'fan',
        zipCode: '10001',
      });
      expect(created.status).toBe(201);

      // A browser of its own on a real socket, so the test can leave mid-request as a closed tab does.
      await api.app.listen(0, '127.0.0.1');
      const base = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
      const visit = await fetch(`${base}/api/auth/check`);
      const cookies = visit.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
      const token = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!);

      // PostgreSQL stops answering, so the reset request waits in its handler on its first statement.
      proxy.freeze();
      const { handlers } = api.app.getHttpAdapter() as unknown as RouteTreeAdapter;
      const leave = new AbortController();
      const request = fetch(`${base}/api/forgot-password`, {
        method: 'POST',
        headers: { cookie: cookies.join('; '), 'x-xsrf-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
        signal: leave.signal,
      }).catch((error: unknown) => error);
      await until(() => handlers.count === 1, 5000, 'the reset handler to start');
      leave.abort();
      await request;

      // The api stops; the database answers again a moment later.
      const stopped = api.app.close();
      await sleep(300);
      expect(handlers.count).toBe(1);
      proxy.thaw();
      await stopped;

      // The handler finished on an open pool: the reset was recorded, with its email staged or queued.
      expect(handlers.count).toBe(0);
      const { rows } = await api.db.pool.query<{ tokens: number }>(
        'select count(*)::int as tokens from password_reset_tokens',
      );
      expect(rows[0]!.tokens).toBe(1);
    } finally {
      proxy.thaw();
      await api.close();
      await proxy.close();
    }
  });
});
