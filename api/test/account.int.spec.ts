import { jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { RATE_LIMITS, SESSION_CACHE_MS, usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness } from './api-harness.js';

const account = (email: string) => ({
  email,
  password: 'correct horse 1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'fan',
  zipCode: '90210',
});

describe('accounts and sessions (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let redis: Redis;
  let emailQueue: Queue;

  beforeAll(async () => {
    api = await startApi([usersProjection]);
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    emailQueue = new Queue('email', { connection: redis, prefix: process.env.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await emailQueue.obliterate({ force: true }).catch(() => undefined);
    await emailQueue.close();
    redis.disconnect();
    await api.close();
  });

  async function resetLinkFor(email: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const jobs = await emailQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
      const job = jobs.find((j) => j.data.to === email);
      if (job) return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(job.data.text as string)![1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no reset email for ${email}`);
  }

  it('creates an account, signs the user in and reports exactly the spec fields', async () => {
    const browser = api.client();
    const created = await browser.post('/api/create-account', account('ada@example.com'));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ userId: expect.any(String) });

    const check = await browser.get('/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      authenticated: true,
      user: {
        id: created.body.userId,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'fan',
        profileImageUrl: null,
        payolaBalance: 0,
        foundingFanNumber: null,
        paymentCompleted: false,
        verified: false,
        kycCompleted: false,
        veriffStatus: null,
        username: null,
        phone: null,
        genres: [],
        privacySettings: expect.objectContaining({ profilePublic: true, chartsPublic: false }),
        notificationSettings: expect.objectContaining({ profileNotifications: true, chartsNotifications: false }),
      },
    });
    expect(JSON.stringify(check.body)).not.toMatch(/password/i);
    const { rows } = await api.db.pool.query("select data from events where type = 'AccountCreated'");
    expect(rows[0].data.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('sends security headers: a content security policy, no framing, no sniffing, no referrer path', async () => {
    const response = await api.client().get('/api/auth/check');
    // A JSON answer loads nothing and is framed by nobody (the pages' policy is in security-headers.ts).
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Served over http here: no HSTS, which would lock a local browser out of http://localhost.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('still answers 201 with the new account when signing it in fails, so the user can log in', async () => {
    const browser = api.client();
    await browser.get('/api/auth/check');
    // The session store is unavailable at that moment (the account itself is written first).
    await api.db.pool.query('alter table session rename to session_away');
    let created;
    try {
      created = await browser.post('/api/create-account', account('no-session@example.com'));
    } finally {
      await api.db.pool.query('alter table session_away rename to session');
    }
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ userId: expect.any(String) });
    expect((await browser.get('/api/auth/check')).status).toBe(401);
    const login = await browser.post('/api/login', { email: 'no-session@example.com', password: 'correct horse 1' });
    expect(login.status).toBe(200);
  });

  it('answers an overlong login password with a length message, not "required"', async () => {
    const response = await api.client().post('/api/login', { email: 'ada@example.com', password: 'x'.repeat(300) });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Password must be at most 256 characters');
  });

  it('answers 401 to the auth check without a session', async () => {
    const response = await api.client().get('/api/auth/check');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ authenticated: false, user: null });
  });

  it('refuses a second account with the same email, in any letter case, and writes nothing', async () => {
    const first = await api.client().post('/api/create-account', account('grace@example.com'));
    expect(first.status).toBe(201);
    const before = await api.db.pool.query('select count(*)::int as n from events');
    const again = await api.client().post('/api/create-account', account('  GRACE@Example.com '));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ACCOUNT_MESSAGES.emailTaken);
    const after = await api.db.pool.query('select count(*)::int as n from events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('makes concurrent sign-ups with one email produce exactly one account', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => api.client().post('/api/create-account', account('race@example.com'))),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('validates the body with the shared contract and answers 400 with the spec messages', async () => {
    const response = await api
      .client()
      .post('/api/create-account', { ...account('x@example.com'), password: 'short', zipCode: '1', role: 'admin' });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toMatchObject({
      password: ['Password must be at least 8 characters'],
      zipCode: ['Please enter a valid zip code'],
      role: ['Please choose your role'],
    });
  });

  it('rejects state-changing calls without the CSRF token', async () => {
    const browser = api.client();
    await browser.get('/api/auth/check');
    const response = await browser.postWithoutCsrf('/api/create-account', account('csrf@example.com'));
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(ACCOUNT_MESSAGES.csrfInvalid);
    const login = await browser.postWithoutCsrf('/api/login', {
      email: 'ada@example.com',
      password: 'correct horse 1',
    });
    expect(login.status).toBe(403);
  });

  it("refuses another browser's CSRF token, before and after signing in", async () => {
    const xsrfCookie = (response: { headers: Record<string, unknown> }) => {
      const cookies = ([] as string[]).concat((response.headers['set-cookie'] as string[] | undefined) ?? []);
      return decodeURIComponent(
        cookies
          .find((c) => c.startsWith('XSRF-TOKEN='))!
          .split(';')[0]!
          .slice(11),
      );
    };
    const attacker = api.client();
    const attackerToken = xsrfCookie(await attacker.get('/api/auth/check'));
    const victim = api.client();
    await victim.get('/api/auth/check');
    // The victim's own XSRF cookie stays; only the header carries the attacker's token.
    const anonymous = await victim
      .postWithoutCsrf('/api/forgot-password', { email: 'ada@example.com' })
      .set('X-XSRF-TOKEN', attackerToken);
    expect(anonymous.status).toBe(403);

    await victim.post('/api/login', { email: 'ada@example.com', password: 'correct horse 1' });
    const signedIn = await victim.postWithoutCsrf('/api/logout').set('X-XSRF-TOKEN', attackerToken);
    expect(signedIn.status).toBe(403);
    expect((await victim.get('/api/auth/check')).status).toBe(200);
  });

  it('stores a session only for signed-in users, and removes it at logout', async () => {
    const sessions = async () => Number((await api.db.pool.query('select count(*) from session')).rows[0].count);
    const before = await sessions();
    const browser = api.client();
    for (let i = 0; i < 3; i++) await browser.get('/api/auth/check');
    await api.client().get('/api/auth/check');
    await browser.post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(await sessions()).toBe(before);

    await browser.post('/api/login', { email: 'ada@example.com', password: 'correct horse 1' });
    expect(await sessions()).toBe(before + 1);
    await browser.post('/api/logout');
    expect(await sessions()).toBe(before);
    // Still able to sign in again after logging out, with a fresh token.
    expect((await browser.post('/api/login', { email: 'ada@example.com', password: 'correct horse 1' })).status).toBe(
      200,
    );
  });

  it('logs in, answers the same for a wrong password and an unknown email, and logs out', async () => {
    const browser = api.client();
    const wrong = await browser.post('/api/login', { email: 'ada@example.com', password: 'nope nope' });
    const unknown = await browser.post('/api/login', { email: 'nobody@example.com', password: 'nope nope' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.error).toBe('Invalid email or password');
    expect(unknown.body).toEqual(wrong.body);

    const ok = await browser.post('/api/login', { email: 'ADA@example.com', password: 'correct horse 1' });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: 'ada@example.com', paymentCompleted: false });
    expect((await browser.get('/api/auth/check')).status).toBe(200);

    const out = await browser.post('/api/logout');
    expect(out.status).toBe(200);
    expect((await browser.get('/api/auth/check')).status).toBe(401);
  });

  it('reads a session from memory for a moment and writes its expiry at most hourly', async () => {
    const browser = api.client();
    await browser.post('/api/login', { email: 'ada@example.com', password: 'correct horse 1' });
    const row = async () =>
      (
        await api.db.pool.query<{ sid: string; expire: Date }>(
          `select sid, expire from session where (sess::jsonb #>> '{passport,user}') is not null
           order by expire desc limit 1`,
        )
      ).rows[0]!;
    await browser.get('/api/auth/check');
    const { sid, expire } = await row();
    await new Promise((r) => setTimeout(r, 50));
    await browser.get('/api/auth/check');
    expect((await row()).expire).toEqual(expire);

    // Another api process logs the session out: this one notices within SESSION_CACHE_MS.
    await api.db.pool.query('delete from session where sid = $1', [sid]);
    expect((await browser.get('/api/auth/check')).status).toBe(200);
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 100));
    expect((await browser.get('/api/auth/check')).status).toBe(401);
  });

  it('ends the session on GET /api/logout (browser navigation) and redirects home', async () => {
    const browser = api.client();
    await browser.post('/api/login', { email: 'ada@example.com', password: 'correct horse 1' });
    const out = await browser.get('/api/logout');
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await browser.get('/api/auth/check')).status).toBe(401);
  });

  it('limits login attempts per email and answers 429 with a clear message', async () => {
    await api.client().post('/api/create-account', account('limited@example.com'));
    const browser = api.client();
    const limit = RATE_LIMITS.login.perEmail.points;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      statuses.push(
        (await browser.post('/api/login', { email: 'limited@example.com', password: 'wrong password' })).status,
      );
    }
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    const blocked = await browser.post('/api/login', { email: 'limited@example.com', password: 'correct horse 1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts only failed logins against an email, so successful sign-ins never lock a member out', async () => {
    await api.client().post('/api/create-account', account('regular@example.com'));
    const browser = api.client();
    const limit = RATE_LIMITS.login.perEmail.points;
    for (let i = 0; i < limit + 2; i++) {
      expect(
        (await browser.post('/api/login', { email: 'regular@example.com', password: 'correct horse 1' })).status,
      ).toBe(200);
    }
  });

  it('resets a password with the emailed link once, ending other sessions', async () => {
    await api.client().post('/api/create-account', account('reset@example.com'));
    const otherDevice = api.client();
    await otherDevice.post('/api/login', { email: 'reset@example.com', password: 'correct horse 1' });
    expect((await otherDevice.get('/api/auth/check')).status).toBe(200);

    const anonymous = api.client();
    const unknown = await anonymous.post('/api/forgot-password', { email: 'ghost@example.com' });
    const known = await anonymous.post('/api/forgot-password', { email: 'reset@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const token = await resetLinkFor('reset@example.com');
    const reset = await anonymous.post('/api/reset-password', { token, password: 'brand new pass' });
    expect(reset.status).toBe(200);
    expect((await otherDevice.get('/api/auth/check')).status).toBe(401);

    const reused = await anonymous.post('/api/reset-password', { token, password: 'another pass 2' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('This reset link is invalid or has expired.');

    expect(
      (await anonymous.post('/api/login', { email: 'reset@example.com', password: 'correct horse 1' })).status,
    ).toBe(401);
    expect(
      (await anonymous.post('/api/login', { email: 'reset@example.com', password: 'brand new pass' })).status,
    ).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    await api.client().post('/api/create-account', account('expired@example.com'));
    const browser = api.client();
    await browser.post('/api/forgot-password', { email: 'expired@example.com' });
    const token = await resetLinkFor('expired@example.com');
    // An hour and a minute later (only the clock moves; timers keep running for real).
    jest.useFakeTimers({
      now: Date.now() + 61 * 60 * 1000,
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      const response = await browser.post('/api/reset-password', { token, password: 'brand new pass' });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('This reset link is invalid or has expired.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers 400, not 500, to text PostgreSQL cannot store (NUL, an unpaired surrogate)', async () => {
    const nul = await api
      .client()
      .post('/api/create-account', { ...account('nul@example.com'), firstName: 'A\u0000b' });
    expect(nul.status).toBe(400);
    // The api's one input rule (safe-input.ts) answers before the contract, naming the field.
    expect(nul.body.fieldErrors.firstName).toEqual(['Remove the invisible control character (NUL) from this field.']);
    const surrogate = await api
      .client()
      .post('/api/create-account', { ...account('sur@example.com'), lastName: 'A\ud800' });
    expect(surrogate.status).toBe(400);
    const zip = await api
      .client()
      .post('/api/create-account', { ...account('zip@example.com'), zipCode: '9021\u0000' });
    expect(zip.status).toBe(400);
    expect(
      (await api.client().post('/api/create-account', { ...account('emoji@example.com'), firstName: 'Ada 🎸' })).status,
    ).toBe(201);
  });

  it('answers a login without a password with 400 and the contract message', async () => {
    const response = await api.client().post('/api/login', { email: 'ada@example.com' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Password is required');
  });

  it('answers the same to concurrent reset requests for one account (no 409 revealing it exists)', async () => {
    await api.client().post('/api/create-account', account('double@example.com'));
    const browser = api.client();
    const responses = await Promise.all(
      [1, 2, 3].map(() => browser.post('/api/forgot-password', { email: 'double@example.com' })),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('does not start a session for health probes', async () => {
    const before = await api.db.pool.query('select count(*)::int as n from session');
    const probe = await api.client().get('/api/health');
    expect(probe.headers['set-cookie']).toBeUndefined();
    const after = await api.db.pool.query('select count(*)::int as n from session');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
