import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { generate } from 'otplib';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { changeOperator } from '@app/modules/operators';
import { API_ROUTES, type ApiRoute } from '../src/openapi/api-routes.js';
import { toOpenApiPath } from '../src/openapi/openapi-document.js';
import { responseValidator } from '../src/openapi/response-validator.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { discoverRoutes } from './contract-fuzz/routes.js';

/** Every route the running app serves, read from Nest's routing metadata (as the contract fuzzer does). */
function registeredRoutes(app: NestExpressApplication): string[] {
  return discoverRoutes(app).map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
}

/**
 * Query keys a handler reads but ignores, so the document leaves them out: the entry routes (entry-routes.ts)
 * read `userId` on every kind's profile, and only artists' use it (venues' `profileReadsUserId: false`).
 */
const IGNORED_QUERY_KEYS: Readonly<Record<string, readonly string[]>> = { 'GET /api/venues/{id}': ['userId'] };

function documentedRoutes(routes: readonly ApiRoute[]): string[] {
  return routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
}

/** What one list has that the other lacks. */
function difference(a: readonly string[], b: readonly string[]): string[] {
  const other = new Set(b);
  return [...new Set(a)].filter((route) => !other.has(route)).sort();
}

describe('the OpenAPI document and reference page', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi([usersProjection]);
  });
  afterAll(() => api.close());

  it('documents every route the app serves, and no route it does not', () => {
    const registered = registeredRoutes(api.app);
    expect(registered.length).toBeGreaterThan(50);
    expect({ undocumented: difference(registered, documentedRoutes(API_ROUTES)) }).toEqual({ undocumented: [] });
    expect({ notServed: difference(documentedRoutes(API_ROUTES), registered) }).toEqual({ notServed: [] });
  });

  it('documents each request with the very zod contract its route validates with', () => {
    const documented = new Map(API_ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route]));
    const differences: string[] = [];
    for (const route of discoverRoutes(api.app)) {
      const key = `${route.method} ${toOpenApiPath(route.path)}`;
      const entry = documented.get(key);
      if (!entry) continue;
      if (route.body && entry.body !== route.body) differences.push(`${key}: body`);
      if (route.query && entry.query !== route.query) differences.push(`${key}: query`);
      for (const name of route.queryKeys) {
        if (!entry.query?.shape[name] && !IGNORED_QUERY_KEYS[key]?.includes(name)) {
          differences.push(`${key}: query ${name}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('fails when a route is missing from the registry (the check can fail)', () => {
    const registered = registeredRoutes(api.app);
    const withoutVote = API_ROUTES.filter((route) => route.path !== '/api/artists/{id}/vote');
    const missing = difference(registered, documentedRoutes(withoutVote));
    expect(difference(missing, difference(registered, documentedRoutes(API_ROUTES)))).toEqual([
      'POST /api/artists/{id}/vote',
    ]);
  });

  it('serves the OpenAPI 3.1 document at /api/openapi.json, and its own answers validate against it', async () => {
    const client = api.client();
    const response = await client.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Payola API' } });
    expect(Object.keys(response.body.paths)).toContain('/api/artists/{id}');

    const validator = responseValidator(response.body as object);
    const milestones = await client.get('/api/milestones');
    expect(validator.check('GET', '/api/milestones', milestones.status, milestones.body)).toEqual({
      ok: true,
      route: '/api/milestones',
    });
    const notSignedIn = await client.get('/api/payola/stats');
    expect(notSignedIn.status).toBe(401);
    expect(validator.check('GET', '/api/payola/stats', 401, notSignedIn.body).ok).toBe(true);
    const check = await client.get('/api/auth/check');
    expect(validator.check('GET', '/api/auth/check', check.status, check.body).ok).toBe(true);
    const badInput = await client.post('/api/login', { email: 'not an email' });
    expect(badInput.status).toBe(400);
    expect(validator.check('POST', '/api/login', 400, badInput.body).ok).toBe(true);
    // A wrong answer does not pass.
    expect(validator.check('GET', '/api/milestones', 200, { ...milestones.body, extra: 1 }).ok).toBe(false);
  });

  it("lists the operators' console routes only for an operator past the second factor", async () => {
    const visitor = await api.client().get('/api/openapi.json');
    expect(Object.keys(visitor.body.paths).filter((path) => path.startsWith('/api/ops'))).toEqual([]);
    expect(Object.keys(visitor.body.paths)).toContain('/api/artists/{id}');

    const client = api.client();
    const email = `openapi-${randomUUID()}@example.com`;
    const created = await client.post('/api/create-account', {
      email,
      password: 'correct horse 1',
      firstName: 'Otto',
      lastName: 'Operator',
      role: 'fan',
      zipCode: '10001',
    });
    expect(created.status).toBe(201);
    await changeOperator(api.db.pool, new EventStore(api.db.pool, createDomainEventRegistry()), 'grant', email, 'test');
    // Granted, but this session has not passed the second factor: still the public document.
    const unverified = await client.get('/api/openapi.json');
    expect(Object.keys(unverified.body.paths).filter((path) => path.startsWith('/api/ops'))).toEqual([]);
    const setup = await client.post('/api/ops/second-factor/setup');
    const code = await generate({ secret: setup.body.secret });
    expect((await client.post('/api/ops/second-factor/confirm', { code })).status).toBe(200);
    const operator = await client.get('/api/openapi.json');
    expect(operator.headers['cache-control']).toBe('private, no-cache');
    expect(Object.keys(operator.body.paths)).toEqual(
      expect.arrayContaining(['/api/ops/dashboard', '/api/ops/members']),
    );
  });

  it('serves the reference page at /api/docs from the api itself, under the product script policy', async () => {
    const client = api.client();
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<title>API reference · Payola</title>');
    // Scripts and styles from our origin only (no CDN), and no inline script.
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.every((source) => source.startsWith('/'))).toBe(true);
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    for (const source of sources.filter((s) => s.startsWith('/api/docs'))) {
      const asset = await client.get(source);
      expect({ source, status: asset.status }).toEqual({ source, status: 200 });
    }
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    // Only the reference's own files are served from the package.
    expect((await client.get('/api/docs/assets/package.json')).status).toBe(404);
  });
});
