import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness } from './api-harness.js';

/**
 * API reads take their session and their CSRF token from what the process has already verified
 * (configure-sessions.ts: cachedSessionReads, the confirmed tokens). These tests pin down what that
 * must never change: a forged or ended session is no session, and a token is sent whenever the one the
 * browser holds is missing, forged or bound to someone else.
 */
describe('session reads and CSRF tokens on API GETs', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi([usersProjection]);
  });
  afterAll(() => api.close());

  const setCookies = (response: supertest.Response) => ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const xsrfSet = (response: supertest.Response) => setCookies(response).find((c) => c.startsWith('XSRF-TOKEN='));

  async function signedIn() {
    const browser = api.client();
    const email = `reads-${randomUUID()}@example.com`;
    const created = await browser.post('/api/create-account', {
      email,
      password: 'correct horse 1',
      firstName: 'Rea',
      lastName: 'Der',
      role: 'fan',
      zipCode: '10001',
    });
    expect(created.status).toBe(201);
    // The agent's cookies as its browser would send them.
    const check = await browser.get('/api/auth/check');
    expect(check.status).toBe(200);
    const cookieHeader = check.request.cookies as unknown as string;
    return { browser, cookieHeader };
  }

  const sessionCookieOf = (cookieHeader: string) => /payola\.sid=([^;]+)/.exec(cookieHeader)![1]!;

  it('sends the XSRF cookie when the token is new to it, and not again while the browser holds it', async () => {
    const agent = supertest.agent(api.app.getHttpServer());
    const first = await agent.get('/api/auth/check');
    expect(xsrfSet(first)).toBeDefined();
    // The first read with the token confirms it (sent once more); after that the browser's cookie stands.
    await agent.get('/api/auth/check');
    const later = await agent.get('/api/auth/check');
    expect(xsrfSet(later)).toBeUndefined();
    // A forged token in the cookie is replaced.
    const forged = await supertest(api.app.getHttpServer())
      .get('/api/auth/check')
      .set(
        'Cookie',
        `${
          setCookies(first)
            .find((c) => c.startsWith('payola.vid='))!
            .split(';')[0]
        }; XSRF-TOKEN=abc.def`,
      );
    expect(xsrfSet(forged)).toBeDefined();
    expect(xsrfSet(forged)).not.toContain('abc.def');
  });

  it("gives a new token to a browser that brings another browser's token", async () => {
    const one = supertest.agent(api.app.getHttpServer());
    const two = supertest.agent(api.app.getHttpServer());
    const tokenOfOne = decodeURIComponent(
      xsrfSet(await one.get('/api/auth/check'))!
        .split(';')[0]!
        .slice(11),
    );
    await one.get('/api/auth/check');
    const vidOfTwo = setCookies(await two.get('/api/auth/check'))
      .find((c) => c.startsWith('payola.vid='))!
      .split(';')[0];
    const borrowed = await supertest(api.app.getHttpServer())
      .get('/api/auth/check')
      .set('Cookie', `${vidOfTwo}; XSRF-TOKEN=${encodeURIComponent(tokenOfOne)}`);
    expect(xsrfSet(borrowed)).toBeDefined();
    expect(decodeURIComponent(xsrfSet(borrowed)!.split(';')[0]!.slice(11))).not.toBe(tokenOfOne);
  });

  it('treats a session cookie with a forged signature as no session, even while the session is in memory', async () => {
    const { cookieHeader } = await signedIn();
    const signed = decodeURIComponent(sessionCookieOf(cookieHeader));
    const sid = signed.slice(2, signed.lastIndexOf('.'));
    const server = api.app.getHttpServer();
    expect((await supertest(server).get('/api/auth/check').set('Cookie', cookieHeader)).status).toBe(200);
    for (const forged of [`s:${sid}.${'A'.repeat(43)}`, `s:${sid}`, sid]) {
      const answer = await supertest(server)
        .get('/api/auth/check')
        .set('Cookie', `payola.sid=${encodeURIComponent(forged)}`);
      expect(answer.status).toBe(401);
    }
  });

  it('ends a session at logout for the reads that follow, though they were served from memory before', async () => {
    const { browser, cookieHeader } = await signedIn();
    const server = api.app.getHttpServer();
    for (let i = 0; i < 3; i++) {
      expect((await supertest(server).get('/api/auth/check').set('Cookie', cookieHeader)).status).toBe(200);
    }
    expect((await browser.post('/api/logout')).status).toBe(200);
    expect((await supertest(server).get('/api/auth/check').set('Cookie', cookieHeader)).status).toBe(401);
  });
});
