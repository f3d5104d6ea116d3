import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { RATE_LIMITS, usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness, type Client } from './api-harness.js';

// Issue 21 (OWASP ASVS level 2): an email change needs the password and the new inbox, a password
// change needs the old password and signs other devices out, forgot-password takes the same time for
// any address, and the profile PATCH names the keys it does not know.

const PASSWORD = 'correct horse 1';
const FACTOR = 10;

const account = (email: string) => ({
  email,
  password: PASSWORD,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'fan',
  zipCode: '90210',
});

const fresh = (tag: string) => `${tag}-${randomUUID()}@example.com`;

interface SentEmail {
  to: string;
  subject: string;
  text: string;
}

describe('account security (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let redis: Redis;
  let emailQueue: Queue;

  beforeAll(async () => {
    // The timing test sends 40 resets from one address: room under the per-address limit.
    api = await startApi([usersProjection], { RATE_LIMIT_FACTOR: String(FACTOR) });
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    emailQueue = new Queue('email', { connection: redis, prefix: process.env.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await emailQueue.obliterate({ force: true }).catch(() => undefined);
    await emailQueue.close();
    redis.disconnect();
    await api.close();
  });

  async function emailsTo(to: string): Promise<SentEmail[]> {
    const jobs = await emailQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
    return jobs
      .filter((job) => job.data.to === to)
      .sort((a, b) => Number(a.timestamp) - Number(b.timestamp))
      .map((job) => job.data as SentEmail);
  }

  async function waitForEmail(to: string, subject: RegExp): Promise<SentEmail> {
    for (let i = 0; i < 100; i++) {
      const found = (await emailsTo(to)).filter((email) => subject.test(email.subject)).at(-1);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no email "${subject}" for ${to}`);
  }

  const confirmToken = (email: SentEmail) => /\/confirm-email\?token=([A-Za-z0-9._~-]+)/.exec(email.text)![1]!;

  async function signUp(email = fresh('owner')): Promise<{ client: Client; userId: string; email: string }> {
    const client = api.client();
    const created = await client.post('/api/create-account', account(email));
    expect(created.status).toBe(201);
    return { client, userId: created.body.userId, email };
  }

  const currentEmail = async (client: Client) => (await client.get('/api/auth/check')).body.user.email as string;
  const logIn = (email: string, password = PASSWORD) => api.client().post('/api/login', { email, password });

  describe('changing the email', () => {
    it('is refused through PATCH: a session alone cannot move the account to another address', async () => {
      const { client, userId, email } = await signUp();
      const target = fresh('thief');
      const patched = await client.patch(`/api/users/${userId}`, { email: target });
      expect(patched.status).toBe(400);
      expect(patched.body.message).toMatch(/current password/i);
      expect(await currentEmail(client)).toBe(email);
      expect((await logIn(target)).status).toBe(401);
      // The same address in another letter case is no change at all.
      expect((await client.patch(`/api/users/${userId}`, { email: email.toUpperCase() })).status).toBe(200);
    });

    it('needs the current password', async () => {
      const { client, email } = await signUp();
      const target = fresh('new');
      const wrong = await client.post('/api/users/change-email', { email: target, currentPassword: 'not it at all' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Your current password is not correct.');
      const missing = await client.post('/api/users/change-email', { email: target });
      expect(missing.status).toBe(400);
      expect(missing.body.fieldErrors.currentPassword).toBeDefined();
      expect(
        (await api.client().post('/api/users/change-email', { email: target, currentPassword: PASSWORD })).status,
      ).toBe(401);
      expect(await currentEmail(client)).toBe(email);
      expect(await emailsTo(target)).toEqual([]);
    });

    it('takes effect only when the link sent to the new address is used, once; the old address is told', async () => {
      const { client, userId, email } = await signUp();
      const target = fresh('new');
      const requested = await client.post('/api/users/change-email', { email: target, currentPassword: PASSWORD });
      expect(requested.status).toBe(200);
      expect(requested.body.message).toContain(target);

      // Until confirmed, the account keeps its email and the new address is nobody's.
      expect(await currentEmail(client)).toBe(email);
      expect((await logIn(email)).status).toBe(200);
      expect((await logIn(target)).status).toBe(401);
      const reserved = await api.db.pool.query('select user_id from email_reservations where email_normalized = $1', [
        target,
      ]);
      expect(reserved.rows).toEqual([]);

      const confirmation = await waitForEmail(target, /confirm/i);
      const notice = await waitForEmail(email, /being changed/i);
      expect(notice.text).toContain(target);
      expect(notice.text).not.toContain('/confirm-email');
      const token = confirmToken(confirmation);
      // Only the token's hash is kept.
      const { rows } = await api.db.pool.query<{ data: unknown }>(
        "select data from events where stream_id = $1 and type = 'EmailChangeRequested'",
        [`user-${userId}`],
      );
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0]!.data)).not.toContain(token.split('.').at(-1));

      // Anyone holding the link confirms it: a phone's mail app has no session.
      const confirmed = await api.client().post('/api/users/confirm-email', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ ok: true, email: target });
      expect(await currentEmail(client)).toBe(target);
      expect((await logIn(target.toUpperCase())).status).toBe(200);
      expect((await logIn(email)).status).toBe(401);
      await waitForEmail(email, /was changed/i);

      const reused = await api.client().post('/api/users/confirm-email', { token });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe('This confirmation link is invalid, has expired or was already used.');
      for (const bad of ['', 'nonsense', `${userId}.${'A'.repeat(43)}`]) {
        expect((await api.client().post('/api/users/confirm-email', { token: bad })).status).toBe(400);
      }
    });

    it('refuses an address another account holds, at the request and again at the confirmation', async () => {
      const { client } = await signUp();
      const other = await signUp();
      const taken = await client.post('/api/users/change-email', {
        email: other.email.toUpperCase(),
        currentPassword: PASSWORD,
      });
      expect(taken.status).toBe(409);

      // Free when asked for, taken by a sign-up before the link is used.
      const target = fresh('contested');
      expect((await client.post('/api/users/change-email', { email: target, currentPassword: PASSWORD })).status).toBe(
        200,
      );
      const token = confirmToken(await waitForEmail(target, /confirm/i));
      expect((await api.client().post('/api/create-account', account(target))).status).toBe(201);
      const late = await api.client().post('/api/users/confirm-email', { token });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('Another account already uses this email address. Choose a different one.');
    });

    it('gives a contested address to exactly one of two accounts confirming at the same moment', async () => {
      const target = fresh('race');
      const first = await signUp();
      const second = await signUp();
      for (const { client } of [first, second]) {
        expect(
          (await client.post('/api/users/change-email', { email: target, currentPassword: PASSWORD })).status,
        ).toBe(200);
      }
      const tokens = (
        await (async () => {
          for (let i = 0; i < 100; i++) {
            const found = (await emailsTo(target)).filter((e) => /confirm/i.test(e.subject));
            if (found.length === 2) return found;
            await new Promise((r) => setTimeout(r, 50));
          }
          throw new Error('two confirmation emails expected');
        })()
      ).map(confirmToken);
      const answers = await Promise.all(
        [...tokens, ...tokens].map((token) => api.client().post('/api/users/confirm-email', { token })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      const holders = await api.db.pool.query('select user_id from email_reservations where email_normalized = $1', [
        target,
      ]);
      expect(holders.rows).toHaveLength(1);
      const emails = await Promise.all([currentEmail(first.client), currentEmail(second.client)]);
      expect(emails.filter((e) => e === target)).toHaveLength(1);
    });

    it('refuses a link after 24 hours, and an older link once a newer one was asked for', async () => {
      const { client } = await signUp();
      const older = fresh('older');
      await client.post('/api/users/change-email', { email: older, currentPassword: PASSWORD });
      const olderToken = confirmToken(await waitForEmail(older, /confirm/i));
      const target = fresh('later');
      await client.post('/api/users/change-email', { email: target, currentPassword: PASSWORD });
      const token = confirmToken(await waitForEmail(target, /confirm/i));
      expect((await api.client().post('/api/users/confirm-email', { token: olderToken })).status).toBe(400);

      jest.useFakeTimers({
        now: Date.now() + 24 * 60 * 60 * 1000 + 60_000,
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
        expect((await api.client().post('/api/users/confirm-email', { token })).status).toBe(400);
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('changing the password', () => {
    it('needs the current password, follows the sign-up rules, and ends the other sessions only', async () => {
      const { client, email } = await signUp();
      const otherDevice = api.client();
      expect((await otherDevice.post('/api/login', { email, password: PASSWORD })).status).toBe(200);

      const wrong = await client.post('/api/users/change-password', {
        currentPassword: 'not it at all',
        newPassword: 'a brand new one',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Your current password is not correct.');
      const short = await client.post('/api/users/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'short',
      });
      expect(short.status).toBe(400);
      expect(short.body.fieldErrors.newPassword).toEqual(['Password must be at least 8 characters']);
      expect((await otherDevice.get('/api/auth/check')).status).toBe(200);
      expect(
        (
          await api
            .client()
            .post('/api/users/change-password', { currentPassword: PASSWORD, newPassword: 'x'.repeat(9) })
        ).status,
      ).toBe(401);

      const changed = await client.post('/api/users/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'a brand new one',
      });
      expect(changed.status).toBe(200);
      expect((await client.get('/api/auth/check')).status).toBe(200);
      expect((await otherDevice.get('/api/auth/check')).status).toBe(401);
      expect((await logIn(email)).status).toBe(401);
      expect((await logIn(email, 'a brand new one')).status).toBe(200);
      await waitForEmail(email, /password was changed/i);
    });
  });

  describe('forgot-password', () => {
    it('takes the same time whether or not the email has an account, and keeps its rate limits', async () => {
      const { email } = await signUp();
      const unknown = fresh('nobody');
      const timed = async (address: string) => {
        const client = api.client();
        await client.get('/api/auth/check');
        const started = performance.now();
        const response = await client.post('/api/forgot-password', { email: address });
        const took = performance.now() - started;
        expect(response.status).toBe(200);
        return { took, body: response.body };
      };
      // Warm both paths up, then alternate so drift in the machine's load hits both alike.
      await timed(email);
      await timed(unknown);
      const known: number[] = [];
      const absent: number[] = [];
      let bodies: unknown[] = [];
      for (let i = 0; i < 20; i++) {
        const a = await timed(email);
        const b = await timed(unknown);
        known.push(a.took);
        absent.push(b.took);
        bodies = [a.body, b.body];
      }
      expect(bodies[0]).toEqual(bodies[1]);
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
      const [k, u] = [median(known), median(absent)];
      expect(Math.max(k, u) / Math.min(k, u)).toBeLessThan(1.5);
      // No reset email went to the unknown address, and nothing was left staged for it.
      expect(await emailsTo(unknown)).toEqual([]);
      const staged = async () => (await api.db.pool.query('select count(*)::int as n from email_outbox')).rows[0].n;
      for (let i = 0; i < 40 && (await staged()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await staged()).toBe(0);

      // The per-email limit still holds: 21 calls so far for each address.
      const limit = RATE_LIMITS['forgot-password'].perEmail.points * FACTOR;
      const statuses: number[] = [];
      for (let i = 22; i <= limit + 1; i++) {
        statuses.push((await api.client().post('/api/forgot-password', { email: unknown })).status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    });
  });

  describe('PATCH /api/users/{id}', () => {
    it('answers keys it does not know with a 400 that names them, and changes nothing', async () => {
      const { client, userId } = await signUp();
      const extra = await client.patch(`/api/users/${userId}`, { firstName: 'Eve', isAdmin: true, nickname: 'x' });
      expect(extra.status).toBe(400);
      expect(extra.body.message).toContain('isAdmin');
      expect(extra.body.message).toContain('nickname');
      // Named in the field errors when a known field is wrong as well (the message is the first issue).
      const both = await client.patch(`/api/users/${userId}`, { firstName: '', isAdmin: true });
      expect(both.status).toBe(400);
      expect(both.body.fieldErrors).toMatchObject({
        firstName: ['First name is required'],
        _: ['isAdmin is not a profile field.'],
      });
      const nested = await client.patch(`/api/users/${userId}`, { privacySettings: { everything: true } });
      expect(nested.status).toBe(400);
      expect(nested.body.message).toContain('everything');
      expect((await client.get('/api/auth/check')).body.user.firstName).toBe('Ada');
    });
  });
});
