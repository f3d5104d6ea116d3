import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { ACCOUNT_MESSAGES, createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { changeOperator } from '@app/modules/operators';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

/** Sign-ups, payments and several sign-ins per test: slow when the machine is shared. */
const TEST_TIMEOUT_MS = 120_000;
const PASSWORD = 'correct horse 1';
const suspended = { statusCode: 403, message: ACCOUNT_MESSAGES.accountSuspended };

describe('suspension from the operators console: sessions end, sign-in and writes refused, a lift restores', () => {
  let api: ApiHarness;
  let store: EventStore;

  beforeAll(async () => {
    api = await startApi([usersProjection]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  async function signUp(): Promise<{ client: Client; email: string; userId: string }> {
    const client = api.client();
    const email = `suspend-${randomUUID()}@example.com`;
    const { body } = await client.post('/api/create-account', {
      email,
      password: PASSWORD,
      firstName: 'Sam',
      lastName: 'Member',
      role: 'fan',
      zipCode: '10001',
    });
    return { client, email, userId: body.userId };
  }

  function login(email: string, password = PASSWORD) {
    return api.client().post('/api/login', { email, password });
  }

  /** An operator whose session passed the second factor (granted in process, as the ops CLI does). */
  async function operator(): Promise<{ client: Client; userId: string }> {
    const account = await signUp();
    await changeOperator(api.db.pool, store, 'grant', account.email, 'test');
    const setup = await account.client.post('/api/ops/second-factor/setup');
    const code = await generate({ secret: setup.body.secret });
    expect((await account.client.post('/api/ops/second-factor/confirm', { code })).status).toBe(200);
    return account;
  }

  async function suspensionEvents(userId: string) {
    const events = await store.readStream(`user-${userId}`);
    return events
      .filter((e) => e.type === 'MemberSuspended' || e.type === 'MemberSuspensionLifted')
      .map((e) => ({ type: e.type, data: e.data, actingUserId: e.metadata.actingUserId }));
  }

  it('answers 404 to members and visitors, like any unknown route', async () => {
    const member = await signUp();
    for (const client of [member.client, api.client()]) {
      const found = await client.get(`/api/ops/members?q=${encodeURIComponent(member.email)}`);
      expect(found.status).toBe(404);
      expect(found.body.message).toContain('Cannot GET /api/ops/members');
      expect((await client.post(`/api/ops/members/${member.userId}/suspend`, { reason: 'x' })).status).toBe(404);
    }
    expect(await suspensionEvents(member.userId)).toEqual([]);
  });

  it(
    'ends the session at once, refuses sign-in and writes with the message, and a lift restores access',
    async () => {
      const ops = await operator();
      const { client: member, userId } = await signUpMember(api, 'fan', false);
      const me = (await member.get('/api/auth/check')).body.user;
      expect(me.foundingFanNumber).toEqual(expect.any(Number));
      const elsewhere = api.client();
      expect((await elsewhere.post('/api/login', { email: me.email, password: PASSWORD })).status).toBe(200);

      // Found by fan number (with or without #) and by email, any case.
      const byNumber = await ops.client.get(`/api/ops/members?q=%23${me.foundingFanNumber}`);
      expect(byNumber.body.member).toMatchObject({ id: userId, email: me.email, suspension: null });
      const byEmail = await ops.client.get(`/api/ops/members?q=${encodeURIComponent(me.email.toUpperCase())}`);
      expect(byEmail.body.member.id).toBe(userId);

      const reason = 'Spam in fan messages';
      const done = await ops.client.post(`/api/ops/members/${userId}/suspend`, { reason });
      expect(done.status).toBe(200);
      expect(done.body.suspension).toMatchObject({ operatorId: ops.userId, reason });
      expect(done.body.suspension.operatorEmail).toContain('@example.com');

      // Both sessions are over on the very next request: signed out, and a write says why.
      for (const session of [member, elsewhere]) {
        expect((await session.get('/api/auth/check')).status).toBe(401);
        const write = await session.patch(`/api/users/${userId}`, { firstName: 'Still' });
        expect(write.status).toBe(403);
        expect(write.body).toMatchObject(suspended);
      }
      const signIn = await login(me.email);
      expect(signIn.status).toBe(403);
      expect(signIn.body).toMatchObject(suspended);
      // A wrong password learns nothing about the suspension.
      expect((await login(me.email, 'wrong horse 1')).body.message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
      expect((await ops.client.get(`/api/ops/members/${userId}`)).body.suspension.reason).toBe(reason);

      const lifted = await ops.client.post(`/api/ops/members/${userId}/lift`, { reason: 'Appeal accepted' });
      expect(lifted.status).toBe(200);
      expect(lifted.body.suspension).toBeNull();
      const back = api.client();
      expect((await back.post('/api/login', { email: me.email, password: PASSWORD })).status).toBe(200);
      expect((await back.patch(`/api/users/${userId}`, { firstName: 'Back' })).status).toBe(200);
      // The marked sessions were dropped by the lift: that browser is signed out, no longer "suspended".
      expect((await member.patch(`/api/users/${userId}`, { firstName: 'Old' })).body.message).not.toBe(
        ACCOUNT_MESSAGES.accountSuspended,
      );

      expect(await suspensionEvents(userId)).toEqual([
        {
          type: 'MemberSuspended',
          data: { userId, operatorId: ops.userId, reason },
          actingUserId: ops.userId,
        },
        {
          type: 'MemberSuspensionLifted',
          data: { userId, operatorId: ops.userId, reason: 'Appeal accepted' },
          actingUserId: ops.userId,
        },
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses with clear messages: no or too long a reason, oneself, an unknown member, twice, a lift of nothing',
    async () => {
      const ops = await operator();
      const member = await signUp();
      const suspend = (id: string, body: object) => ops.client.post(`/api/ops/members/${id}/suspend`, body);

      const none = await suspend(member.userId, { reason: '   ' });
      expect(none.status).toBe(400);
      expect(JSON.stringify(none.body)).toContain('Give a reason');
      const long = await suspend(member.userId, { reason: 'x'.repeat(501) });
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body)).toContain('at most 500 characters');
      expect((await suspend(member.userId, {})).status).toBe(400);

      const self = await suspend(ops.userId, { reason: 'testing' });
      expect(self).toMatchObject({ status: 403, body: { message: 'You cannot suspend your own account.' } });
      const unknown = await suspend(randomUUID(), { reason: 'testing' });
      expect(unknown).toMatchObject({ status: 404, body: { message: 'No member has this id.' } });
      expect((await ops.client.get(`/api/ops/members/${randomUUID()}`)).status).toBe(404);
      expect((await ops.client.get('/api/ops/members?q=nobody@example.com')).body).toEqual({ member: null });
      expect((await ops.client.get('/api/ops/members?q=')).status).toBe(400);

      const notSuspended = await ops.client.post(`/api/ops/members/${member.userId}/lift`, { reason: 'x' });
      expect(notSuspended).toMatchObject({ status: 409, body: { message: 'This member is not suspended.' } });
      expect((await suspend(member.userId, { reason: 'x'.repeat(500) })).status).toBe(200);
      const twice = await suspend(member.userId, { reason: 'again' });
      expect(twice).toMatchObject({ status: 409, body: { message: 'This member is already suspended.' } });
      expect(await suspensionEvents(member.userId)).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'records exactly one MemberSuspended when N operators requests race for one member',
    async () => {
      const ops = await operator();
      const member = await signUp();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          ops.client.post(`/api/ops/members/${member.userId}/suspend`, { reason: `race ${i}` }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const events = await suspensionEvents(member.userId);
      expect(events).toHaveLength(1);
      const winner = answers.find((a) => a.status === 200);
      expect(events[0]?.data).toMatchObject({ reason: winner?.body.suspension.reason });
      expect((await member.client.get('/api/auth/check')).status).toBe(401);
    },
    TEST_TIMEOUT_MS,
  );
});
