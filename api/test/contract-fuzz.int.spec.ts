import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { createLogConsumers, projections } from '../../worker/src/log-consumers.js';
import { startApi, type ApiHarness } from './api-harness.js';
import {
  chance,
  hostileString,
  mutate,
  pathSegment,
  pick,
  queryPairs,
  RawJson,
  requestRng,
  sampleValid,
  taintOneString,
  toJsonText,
  type FuzzContext,
  type Rng,
} from './contract-fuzz/generate.js';
import { discoverRoutes, type FuzzRoute } from './contract-fuzz/routes.js';

/**
 * Contract fuzzing: requests generated from the zod contracts of every route Nest serves (valid-ish
 * values, then wrong types, extremes, control characters, broken UTF-16, prototype keys, raw bodies
 * JSON.stringify cannot write), sent as a signed-in verified fan and anonymously. Any 5xx fails.
 *
 * FUZZ_REQUESTS (default 2,000; `npm run fuzz` sends 10,000), FUZZ_SEED to replay a run,
 * FUZZ_LOG_LEVEL=error to see the api's log of a failure.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const CONCURRENCY = 8;
/** Routes that start or end a session: always sent by a fresh anonymous visitor, never by the fan. */
const SESSION_ROUTES = new Set(['/api/login', '/api/logout', '/api/create-account']);

type Agent = ReturnType<typeof supertest.agent>;
interface Session {
  agent: Agent;
  csrf: string;
}

interface FuzzRequest {
  route: FuzzRoute;
  as: 'fan' | 'anonymous';
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

function xsrfFrom(response: supertest.Response): string | undefined {
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.split(';')[0]!.slice('XSRF-TOKEN='.length)) : undefined;
}

async function openSession(base: string): Promise<Session> {
  const agent = supertest.agent(base);
  return { agent, csrf: xsrfFrom(await agent.get('/api/auth/check')) ?? '' };
}

/** Through the product's own path, as the web app does it: sign-up, test card, identity approved. */
async function signUpFan(base: string): Promise<{ session: Session; userId: string }> {
  const session = await openSession(base);
  const post = async (path: string, body: object = {}) => {
    const response = await session.agent.post(path).set('X-XSRF-TOKEN', session.csrf).send(body);
    session.csrf = xsrfFrom(response) ?? session.csrf;
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  };
  const { userId } = await post('/api/create-account', {
    email: `fuzz-${randomInt(2 ** 40)}@example.com`,
    password: 'correct horse 1',
    firstName: 'Fuzz',
    lastName: 'Fan',
    role: 'fan',
    zipCode: '10001',
  });
  session.csrf = xsrfFrom(await session.agent.get('/api/auth/check')) ?? session.csrf;
  const intent = await post('/api/create-payment-intent', { membershipAddon: true, selectedRole: 'fan' });
  await post('/api/test-payments/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  await post('/api/kyc/session');
  await post('/api/kyc/test-decision', { decision: 'approved' });
  return { session, userId: String(userId) };
}

function poolFor(path: string, ctx: FuzzContext): string[] {
  if (path.includes('/artists')) return ctx.artistIds;
  if (path.includes('/venues')) return ctx.venueIds;
  if (path.includes('/media') || path.includes('/objects')) return ctx.mediaIds;
  if (path.includes('/users')) return [ctx.fanId];
  if (path.includes('/inbox')) return ['1', '2'];
  return [...ctx.artistIds, ...ctx.venueIds];
}

/** A whole body nobody's contract expects: malformed JSON, other types, bytes that are not UTF-8. */
function hostileBody(rng: Rng): string | Buffer {
  return pick<() => string | Buffer>(rng, [
    () => '',
    () => '{',
    () => '{"a":',
    () => 'null',
    () => '[]',
    () => '"x"',
    () => '123',
    () => 'true',
    () => '\uFEFF{}',
    () => '{"a":"\\ud800","b":"\\u0000"}',
    () => '{"a":1,"a":2}',
    () => `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    () => JSON.stringify({ a: 'x'.repeat(200_000) }),
    () => '{"__proto__":{"polluted":true}}',
    () => '{"constructor":{"prototype":{"polluted":true}}}',
    () => toJsonText({ a: new RawJson('1e999') }),
  ])();
}

/** Request `index` of the run, rebuilt the same from (seed, index) alone. */
function generate(index: number, routes: FuzzRoute[], ctx: FuzzContext): FuzzRequest {
  const rng = requestRng(SEED, index);
  const route = pick(rng, routes);
  const as = SESSION_ROUTES.has(route.path) || chance(rng, 0.3) ? 'anonymous' : 'fan';
  // A quarter of the requests are left valid-ish, so handlers (not only the contracts) are reached.
  const targets = ['headers'];
  if (route.params.length > 0) targets.push('path', 'path');
  if (route.query || route.queryKeys.length > 0) targets.push('query', 'query');
  if (route.method !== 'GET') targets.push('body', 'body', 'body');
  // Some put a NUL or a lone surrogate into one string (path, query or body) of a valid-ish request.
  const target = chance(rng, 0.25) ? 'none' : chance(rng, 0.3) ? 'taint' : pick(rng, targets);
  const taintable = targets.filter((t) => t !== 'headers');
  const tainted = target === 'taint' && taintable.length > 0 ? pick(rng, taintable) : undefined;
  const taintPath = tainted === 'path';
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
    taintPath
      ? `${encodeURIComponent(pick(rng, poolFor(route.path, ctx).concat('x')))}${pick(rng, ['%00', '%00x', '%ED%A0%80'])}`
      : target === 'path' || chance(rng, 0.05)
        ? pathSegment(rng, name, poolFor(route.path, ctx), ctx)
        : encodeURIComponent(name === 'userId' ? ctx.fanId : pick(rng, poolFor(route.path, ctx).concat('x'))),
  );
  let query = (route.query ? sampleValid(rng, route.query, ctx) : {}) as Record<string, unknown>;
  for (const key of route.queryKeys) if (chance(rng, 0.5)) query[key] = key === 'userId' ? ctx.fanId : 'x';
  if (tainted === 'query') {
    query = (taintOneString(rng, query) ?? { [pick(rng, ['q', ...route.queryKeys])]: '\u0000' }) as never;
  }
  if (target === 'query') {
    // A query is always an object of strings: a mutation of the whole is tried on one key instead.
    const mutated = mutate(rng, query);
    const key = pick(rng, Object.keys(query).concat(route.queryKeys, 'q'));
    query =
      typeof mutated === 'object' && mutated !== null && !Array.isArray(mutated)
        ? (mutated as never)
        : { ...query, [key]: mutated };
  }
  const headers: Record<string, string> = {};
  let body: string | Buffer | undefined;
  if (route.method !== 'GET') {
    const valid = route.body ? sampleValid(rng, route.body, ctx) : route.readsBody ? {} : undefined;
    if (target === 'body') body = chance(rng, 0.15) ? hostileBody(rng) : toJsonText(mutate(rng, valid ?? {}));
    else if (tainted === 'body') {
      body = toJsonText(taintOneString(rng, valid) ?? mutate(rng, valid ?? {}));
    } else if (valid !== undefined) body = toJsonText(valid);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
  }
  if (target === 'headers') {
    if (chance(rng, 0.5)) {
      // Header values are bytes: Node's client sends latin1 and refuses control characters itself.
      headers['X-Request-Id'] = pick(rng, ['ÿþ\u00a0é', 'x'.repeat(5000), "' OR 1=1 --", '%00', hostileString(rng)]);
    } else {
      headers['Content-Type'] = pick(rng, [
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/merge-patch+json',
        'text/plain',
        'application/x-www-form-urlencoded',
      ]);
      body ??= '{}';
    }
  }
  const search = queryPairs(rng, query);
  return { route, as, url: search ? `${path}?${search}` : path, headers, body };
}

describe('contract fuzzing: every route, generated from its zod contracts, never answers 5xx', () => {
  let api: ApiHarness;
  let base: string;
  let fan: Session;
  const ctx: FuzzContext = { fanId: '', artistIds: [], venueIds: [], mediaIds: [], artistNames: [] };

  beforeAll(async () => {
    api = await startApi(
      [...projections],
      // Limits sized for one fuzzing address; the api's log only when asked (a failure's stack).
      { RATE_LIMIT_FACTOR: '1000', LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent' },
      (pool) => {
        const consumers = createLogConsumers(new EventStore(pool, createDomainEventRegistry()));
        return consumers.filter((consumer) => !projections.includes(consumer as never));
      },
    );
    const server = api.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signedUp = await signUpFan(base);
    fan = signedUp.session;
    ctx.fanId = signedUp.userId;
    // Something to point at, so ids in paths and bodies reach past "not found".
    const send = (path: string, body: object) => fan.agent.post(path).set('X-XSRF-TOKEN', fan.csrf).send(body);
    for (const name of ['Fuzz Band', 'Ünïcode Ørchestra']) {
      const artist = await send('/api/artists', {
        artist: {
          name,
          artistType: 'Band',
          genre: 'Rock',
          spotifyUrl: `https://open.spotify.com/artist/${String(randomInt(2 ** 40)).padStart(22, '0')}`,
          socialUrls: [`https://instagram.com/fuzz${randomInt(2 ** 40)}`],
        },
        attested: true,
      });
      expect(artist.status).toBe(201);
      ctx.artistIds.push(artist.body.id);
      ctx.artistNames.push(name);
    }
    const venue = await send('/api/venues', {
      venue: { name: 'Fuzz Hall', venueType: 'Live Music Club', city: 'Austin', state: 'TX', socialUrls: [] },
    });
    expect(venue.status).toBe(201);
    ctx.venueIds.push(venue.body.id);
    const upload = await send('/api/objects/upload', { kind: 'profile-photo', filename: 'me.jpg' });
    expect(upload.status).toBe(201);
    ctx.mediaIds.push(upload.body.uploadId);
  });
  afterAll(() => api?.close());

  it(
    `${REQUESTS} generated requests over every route answer below 500`,
    async () => {
      const routes = discoverRoutes(api.app);
      expect(routes.length).toBeGreaterThan(40);
      const counts = new Map<string, Map<string, number>>();
      const failures: string[] = [];
      let notSent = 0;
      let anonymous = await openSession(base);
      let refreshedFans = 0;
      const started = Date.now();

      const send = async (index: number) => {
        const request = generate(index, routes, ctx);
        const session =
          request.as === 'fan' ? fan : SESSION_ROUTES.has(request.route.path) ? await openSession(base) : anonymous;
        const method = request.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        let status: string;
        let answer = '';
        try {
          let call = session.agent[method](request.url).timeout(30_000).set(request.headers);
          if (method !== 'get') call = call.set('X-XSRF-TOKEN', session.csrf);
          const response = await (request.body === undefined ? call : call.send(request.body));
          status = String(response.status);
          answer = response.text?.slice(0, 300) ?? '';
        } catch (error) {
          const { code, message } = error as { code?: string; message: string };
          // The client refused to send it (a header value Node will not write): nothing reached the api.
          if (code === 'ERR_INVALID_CHAR' || code === 'ERR_UNESCAPED_CHARACTERS' || /Invalid character/.test(message)) {
            notSent++;
            return;
          }
          status = `error ${code ?? message}`;
        }
        const key = `${request.route.method} ${request.route.path}`;
        const byStatus = counts.get(key) ?? new Map<string, number>();
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        counts.set(key, byStatus);
        if (!/^[1-4]\d\d$/.test(status)) {
          const body = request.body === undefined ? '' : String(request.body).slice(0, 300);
          failures.push(
            `#${index} ${status} as ${request.as}: ${request.route.method} ${request.url.slice(0, 300)}\n` +
              `  headers ${JSON.stringify(request.headers).slice(0, 200)}\n  body ${JSON.stringify(body)}\n  answer ${answer}`,
          );
        }
      };

      for (let next = 0; next < REQUESTS; next += CONCURRENCY) {
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, REQUESTS - next) }, (_, i) => send(next + i)));
        if ((next / CONCURRENCY) % 50 === 49) {
          // The fuzz may have declined the fan's identity or changed what signs it in: start again.
          const check = await fan.agent.get('/api/auth/check');
          if (check.status !== 200 || !check.body.user?.verified) {
            const signedUp = await signUpFan(base);
            fan = signedUp.session;
            ctx.fanId = signedUp.userId;
            refreshedFans++;
          } else fan.csrf = xsrfFrom(check) ?? fan.csrf;
          anonymous = await openSession(base);
        }
      }

      const seconds = (Date.now() - started) / 1000;
      const total = new Map<string, number>();
      for (const byStatus of counts.values()) {
        for (const [status, n] of byStatus) total.set(status, (total.get(status) ?? 0) + n);
      }
      const table = [...counts]
        .map(([route, byStatus]) => {
          const cells = [...byStatus].sort().map(([status, n]) => `${status}×${n}`);
          return `  ${route.padEnd(48)} ${cells.join(' ')}`;
        })
        .join('\n');
      const summary =
        `contract fuzz: seed ${SEED}, ${REQUESTS} requests over ${routes.length} routes in ${seconds.toFixed(1)} s ` +
        `(${notSent} not sendable, ${refreshedFans} new fans); statuses ` +
        [...total]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ');
      console.log(`${summary}\n${table}`);
      if (failures.length > 0) {
        throw new Error(
          `${failures.length} requests answered 5xx (replay: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}; ` +
            `FUZZ_LOG_LEVEL=error shows the api's log)\n${summary}\n${table}\n\n${failures.slice(0, 25).join('\n')}`,
        );
      }
    },
    Math.max(180_000, REQUESTS * 120),
  );
});
