import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness } from './api-harness.js';

const PUBLIC_URL = 'http://payola.test:3000';

const xsrfFrom = (res: supertest.Response) =>
  decodeURIComponent(
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('XSRF-TOKEN='))!
      .split(';')[0]!
      .slice('XSRF-TOKEN='.length),
  );

describe('request guards: JSON bodies only, same-origin writes, no trusted forwarding by default', () => {
  let api: ApiHarness;
  let agent: ReturnType<typeof supertest.agent>;
  let csrf: string;
  beforeAll(async () => {
    api = await startApi([usersProjection], { PUBLIC_URL });
    agent = supertest.agent(api.app.getHttpServer());
    const email = `guards-${randomUUID()}@example.com`;
    const first = await agent.get('/api/auth/check');
    const created = await agent
      .post('/api/create-account')
      .set('X-XSRF-TOKEN', xsrfFrom(first))
      .set('Origin', 'http://payola.test:3000')
      .send({ email, password: 'correct horse 1', firstName: 'Gu', lastName: 'Ard', role: 'fan', zipCode: '10001' });
    expect(created.status).toBe(201);
    csrf = xsrfFrom(await agent.get('/api/auth/check'));
  });
  afterAll(() => api.close());

  const update = () => agent.patch('/api/users/self').set('X-XSRF-TOKEN', csrf);

  it('a body that is not JSON gets 415, whatever the endpoint', async () => {
    const xml = await agent
      .post('/api/logout')
      .set('X-XSRF-TOKEN', csrf)
      .set('Content-Type', 'text/xml')
      .send('<logout/>');
    expect(xml.status).toBe(415);
    expect(xml.body.message).toBe('Send the request body as JSON (Content-Type: application/json).');
    const form = await agent
      .post('/api/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('email=a%40b.c&password=x');
    expect(form.status).toBe(415);
    // Still signed in: the XML logout did nothing.
    expect((await agent.get('/api/auth/check')).body.authenticated).toBe(true);
  });

  it('a write with a valid CSRF token but another site in Origin or Referer is refused', async () => {
    const evil = await update().set('Origin', 'https://evil.example').send({ firstName: 'Evil' });
    expect(evil.status).toBe(403);
    expect(evil.body.message).toMatch(/came from another website/);
    const viaReferer = await update().set('Referer', 'https://evil.example/page').send({ firstName: 'Evil' });
    expect(viaReferer.status).toBe(403);
    const opaque = await update().set('Origin', 'null').send({ firstName: 'Evil' });
    expect(opaque.status).toBe(403);
    // Our own origin (or no Origin, as from a script that holds the token) passes this check.
    const own = await agent
      .post('/api/users/check-username')
      .set('X-XSRF-TOKEN', csrf)
      .set('Origin', PUBLIC_URL)
      .send({ username: 'guarded' });
    expect(own.status).toBe(200);
    expect((await agent.get('/api/auth/check')).body.user.firstName).toBe('Gu');
  });

  it('GET /api/logout from another site logs nobody out; from our own page it does', async () => {
    const crossSite = await agent.get('/api/logout').set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(303);
    expect((await agent.get('/api/auth/check')).body.authenticated).toBe(true);
    const byReferer = await agent.get('/api/logout').set('Referer', 'https://evil.example/');
    expect(byReferer.status).toBe(303);
    expect((await agent.get('/api/auth/check')).body.authenticated).toBe(true);
    const own = await agent.get('/api/logout').set('Sec-Fetch-Site', 'same-origin');
    expect(own.status).toBe(303);
    expect((await agent.get('/api/auth/check')).body.authenticated).toBe(false);
  });

  it('X-Forwarded-For is not believed by default: a new address per request does not reset the login limit', async () => {
    const client = supertest.agent(api.app.getHttpServer());
    const token = xsrfFrom(await client.get('/api/auth/check'));
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) {
      const res = await client
        .post('/api/login')
        .set('X-XSRF-TOKEN', token)
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ email: `nobody-${i}@example.com`, password: 'wrong password 1' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  });
});
