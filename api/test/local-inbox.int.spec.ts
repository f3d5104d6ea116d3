import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { startApi, type ApiHarness } from './api-harness.js';

const RESET_EMAIL = {
  recipient: 'ada@example.com',
  subject: 'Reset your Payola password',
  html: '<p><a href="http://localhost:3000/reset-password?token=secret-token">Reset</a></p>',
};

/** This machine's addresses on a real network interface: a caller there is not on loopback. */
function networkAddresses(): { v4?: string; v6?: string } {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal);
  return {
    v4: external.find((a) => a!.family === 'IPv4')?.address,
    // Link-local addresses need a zone to connect to; any other IPv6 address will do.
    v6: external.find((a) => a!.family === 'IPv6' && !a!.address.startsWith('fe80'))?.address,
  };
}

async function listenEverywhere(api: ApiHarness): Promise<{ port: number; dualStack: boolean }> {
  for (const host of ['::', '0.0.0.0']) {
    try {
      await api.app.listen(0, host);
      return { port: (api.app.getHttpServer().address() as AddressInfo).port, dualStack: host === '::' };
    } catch {
      // no IPv6 on this machine: IPv4 only
    }
  }
  throw new Error('could not listen');
}

/**
 * The local inbox shows reset links, so it must answer only callers on this machine. The api listens
 * on every interface, as it would with HOST=0.0.0.0, and is called through loopback and through this
 * machine's own network address (a socket whose peer is not loopback).
 */
describe('local inbox: only for this machine (real sockets)', () => {
  let api: ApiHarness;
  let port: number;
  let dualStack: boolean;
  let emailId: number;
  const { v4, v6 } = networkAddresses();

  beforeAll(async () => {
    api = await startApi([]);
    ({ port, dualStack } = await listenEverywhere(api));
    const { rows } = await api.db.pool.query<{ id: number }>(
      'insert into local_inbox (recipient, subject, html, text) values ($1, $2, $3, $4) returning id',
      [RESET_EMAIL.recipient, RESET_EMAIL.subject, RESET_EMAIL.html, 'Reset'],
    );
    emailId = rows[0]!.id;
  });
  afterAll(() => api.close());

  const url = (host: string, path: string) => `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
  const get = async (host: string, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url(host, path), { headers });
    return { status: response.status, body: await response.text() };
  };

  it('serves the list and the emails to a caller on loopback', async () => {
    const list = await get('127.0.0.1', '/api/dev/inbox');
    expect(list.status).toBe(200);
    expect(list.body).toContain(RESET_EMAIL.subject);
    const email = await get('127.0.0.1', `/api/dev/inbox/${emailId}`);
    expect(email.status).toBe(200);
    expect(email.body).toContain('token=secret-token');
    if (dualStack) expect((await get('::1', '/api/dev/inbox')).status).toBe(200);
  });

  (v4 ? it : it.skip)(`answers 404 to a caller on this machine's IPv4 address (${v4})`, async () => {
    for (const path of ['/api/dev/inbox', `/api/dev/inbox/${emailId}`]) {
      const response = await get(v4!, path);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('secret-token');
      expect(response.body).not.toContain(RESET_EMAIL.subject);
    }
    // A header claiming loopback changes nothing: the socket decides.
    expect((await get(v4!, '/api/dev/inbox', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(404);
    // The rest of the api still answers there: only the inbox is closed.
    expect((await get(v4!, '/api/health')).status).not.toBe(404);
  });

  (v6 ? it : it.skip)(`answers 404 to a caller on this machine's IPv6 address (${v6})`, async () => {
    if (!dualStack) return;
    expect((await get(v6!, '/api/dev/inbox')).status).toBe(404);
  });

  it('answers 404, not 500, to an id no email can have (beyond bigint, found by the contract fuzz)', async () => {
    for (const id of ['99999999999999999999999', '9223372036854775808', '0', '-1']) {
      expect([id, (await get('127.0.0.1', `/api/dev/inbox/${id}`)).status]).toEqual([id, 404]);
    }
    expect((await get('127.0.0.1', '/api/dev/inbox/abc')).status).toBe(400);
  });

  it('answers 404 to a remote caller relayed by a proxy on this machine', async () => {
    const relayed = await get('127.0.0.1', '/api/dev/inbox', { 'X-Forwarded-For': '192.0.2.7' });
    expect(relayed.status).toBe(404);
    expect(relayed.body).not.toContain(RESET_EMAIL.subject);
  });
});

describe('local inbox: off when email is delivered for real', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi([], { SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(() => api.close());

  it('answers 404 even on loopback', async () => {
    expect((await api.client().get('/api/dev/inbox')).status).toBe(404);
  });
});
