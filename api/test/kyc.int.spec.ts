import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { testModeSecret } from '@app/modules/membership';
import { startApi, TEST_SESSION_SECRET, type ApiHarness, type Client } from './api-harness.js';

/** The test mode's built-in signing secret (libs/modules/src/membership/kyc/test-mode-kyc-provider.ts). */
const TEST_MODE_SECRET = testModeSecret(TEST_SESSION_SECRET, 'veriff-webhook');

function sign(raw: string, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

function decisionBody(sessionId: string, vendorData: string | null, status: string): string {
  return JSON.stringify({
    status: 'success',
    verification: {
      id: sessionId,
      code: status === 'approved' ? 9001 : 9102,
      status,
      vendorData,
      decisionTime: '2026-03-01T10:20:30.123Z',
      person: { firstName: 'Kim', lastName: 'Deal' },
    },
  });
}

interface Harness {
  api: ApiHarness;
  store: EventStore;
}

function helpers(harness: () => Harness) {
  return {
    async signUp(role = 'fan'): Promise<{ browser: Client; userId: string }> {
      const browser = harness().api.client();
      const { body } = await browser.post('/api/create-account', {
        email: `kyc-${randomUUID()}@example.com`,
        password: 'correct horse 1',
        firstName: 'Kim',
        lastName: 'Deal',
        role,
        zipCode: '10001',
      });
      return { browser, userId: body.userId };
    },
    /** Payment is another part's job: its event is appended directly here (by default, to its stream). */
    async pay(userId: string, streamId = `payment-${userId}`): Promise<void> {
      await harness().store.append(streamId, 'any', [
        {
          type: 'PaymentCompleted',
          data: {
            userId,
            amountCents: 1500,
            currency: 'usd',
            provider: 'stripe-test-mode',
            providerPaymentId: `in_test_${randomUUID()}`,
            customerId: null,
            subscriptionId: null,
            cardLast4: '4242',
            cardBrand: 'visa',
            paidAt: new Date().toISOString(),
            foundingFanNumber: null,
          },
        },
      ]);
    },
    webhook(raw: string, headers: Record<string, string>): supertest.Test {
      return supertest(harness().api.app.getHttpServer())
        .post('/api/veriff/webhook')
        .set('content-type', 'application/json')
        .set(headers)
        .send(raw);
    },
    async kycEvents(userId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
      const events = await harness().store.readStream(`identity-check-${userId}`);
      return events
        .filter((e) => e.type.startsWith('Kyc'))
        .map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
    },
  };
}

describe('identity verification in test mode (real PostgreSQL and Redis)', () => {
  let harness: Harness;
  const { signUp, pay, webhook, kycEvents } = helpers(() => harness);

  beforeAll(async () => {
    const api = await startApi([usersProjection, payolaLedgerProjection]);
    harness = { api, store: new EventStore(api.db.pool, createDomainEventRegistry()) };
  });
  afterAll(() => harness.api.close());

  async function paidUserWithSession(role = 'fan') {
    const user = await signUp(role);
    await pay(user.userId);
    const session = await user.browser.post('/api/kyc/session');
    expect(session.status).toBe(200);
    return { ...user, sessionId: session.body.sessionId as string };
  }

  it('refuses to start a check before payment, and without a session', async () => {
    const { browser, userId } = await signUp();
    const refused = await browser.post('/api/kyc/session');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Payment Required/);
    expect(await kycEvents(userId)).toEqual([]);

    expect((await harness.api.client().post('/api/kyc/session')).status).toBe(401);
    expect((await harness.api.client().get('/api/kyc/status')).status).toBe(401);
  });

  it('starts a test-mode session after payment, records it, and continues it on a second call', async () => {
    const { browser, userId } = await signUp();
    await pay(userId);
    const first = await browser.post('/api/kyc/session');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), url: null, mode: 'test' });
    const again = await browser.post('/api/kyc/session');
    expect(again.body).toEqual(first.body);

    const { rows } = await harness.api.db.pool.query(
      'select user_id, provider, url from kyc_sessions where session_id = $1',
      [first.body.sessionId],
    );
    expect(rows).toEqual([{ user_id: userId, provider: 'veriff-test-mode', url: null }]);
    expect(await kycEvents(userId)).toEqual([
      { type: 'KycSessionStarted', data: { userId, sessionId: first.body.sessionId, provider: 'veriff-test-mode' } },
    ]);
    // A double click opens one session, not two.
    const { browser: other, userId: otherId } = await signUp();
    await pay(otherId);
    const clicks = await Promise.all([other.post('/api/kyc/session'), other.post('/api/kyc/session')]);
    expect(clicks.map((r) => r.status)).toEqual([200, 200]);
    expect(clicks[1]!.body.sessionId).toBe(clicks[0]!.body.sessionId);
    expect(await kycEvents(otherId)).toHaveLength(1);

    expect((await browser.get('/api/kyc/status')).body).toEqual({
      veriffStatus: 'pending',
      verified: false,
      kycCompleted: false,
    });
  });

  it('approves on a signed webhook: verified, approved, kycCompleted, and a fan earns 1000 Payola', async () => {
    const { browser, userId, sessionId } = await paidUserWithSession('fan');
    const raw = decisionBody(sessionId, userId, 'approved');
    const response = await webhook(raw, { 'x-hmac-signature': sign(raw, TEST_MODE_SECRET) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    expect(await kycEvents(userId)).toEqual([
      expect.objectContaining({ type: 'KycSessionStarted' }),
      {
        type: 'KycApproved',
        data: { userId, sessionId, decisionTime: '2026-03-01T10:20:30.123Z', firstName: 'Kim', lastName: 'Deal' },
      },
    ]);
    // The webhook waited for the users read model: the next read shows the decision.
    expect((await browser.get('/api/kyc/status')).body).toEqual({
      veriffStatus: 'approved',
      verified: true,
      kycCompleted: true,
    });
    // ...and for the +1000 reward the approval caused: read-your-writes, no polling.
    const check = (await browser.get('/api/auth/check')).body;
    expect(check.user).toMatchObject({
      verified: true,
      veriffStatus: 'approved',
      kycCompleted: true,
      payolaBalance: 1000,
    });
    expect((await browser.get('/api/payola/stats')).body).toEqual({ currentBalance: 1000, totalEarned: 1000 });

    // Approval is final: a later decline of the same session records nothing.
    const decline = decisionBody(sessionId, userId, 'declined');
    expect((await webhook(decline, { 'x-hmac-signature': sign(decline, TEST_MODE_SECRET) })).status).toBe(200);
    expect((await kycEvents(userId)).map((e) => e.type)).toEqual(['KycSessionStarted', 'KycApproved']);
    expect((await browser.post('/api/kyc/session')).status).toBe(409);
  });

  it('accepts the signature in vrf-hmac-signature too, and a decline shows as declined', async () => {
    const { browser, userId, sessionId } = await paidUserWithSession('artist');
    const raw = decisionBody(sessionId, userId, 'declined');
    const response = await webhook(raw, { 'vrf-hmac-signature': sign(raw, TEST_MODE_SECRET) });
    expect(response.status).toBe(200);
    expect((await kycEvents(userId)).at(-1)).toEqual({
      type: 'KycDeclined',
      data: { userId, sessionId, decisionTime: '2026-03-01T10:20:30.123Z', status: 'declined' },
    });
    expect((await browser.get('/api/kyc/status')).body).toEqual({
      veriffStatus: 'declined',
      verified: false,
      kycCompleted: false,
    });
    expect((await browser.get('/api/auth/check')).body.user).toMatchObject({
      veriffStatus: 'declined',
      verified: false,
    });

    // After a decline the next start opens a new session.
    const retry = await browser.post('/api/kyc/session');
    expect(retry.body.sessionId).not.toBe(sessionId);
  });

  it('rejects a wrong secret, a tampered body and a missing signature with 401, recording nothing', async () => {
    const { userId, sessionId } = await paidUserWithSession();
    const raw = decisionBody(sessionId, userId, 'approved');
    const tampered = raw.replace('"Kim"', '"Eve"');
    const attempts: [string, Record<string, string>][] = [
      [raw, { 'x-hmac-signature': sign(raw, 'not the secret') }],
      [tampered, { 'x-hmac-signature': sign(raw, TEST_MODE_SECRET) }],
      [raw, {}],
    ];
    for (const [body, headers] of attempts) {
      const response = await webhook(body, headers);
      expect(response.status).toBe(401);
      expect(response.body.message).toMatch(/webhook signature/i);
    }
    expect((await kycEvents(userId)).map((e) => e.type)).toEqual(['KycSessionStarted']);
    const { rows } = await harness.api.db.pool.query('select 1 from processed_webhook_events where event_id like $1', [
      `${sessionId}:%`,
    ]);
    expect(rows).toEqual([]);
  });

  it('drops a duplicate delivery: one event, and the second answer says duplicate', async () => {
    const { userId, sessionId } = await paidUserWithSession('venue');
    const raw = decisionBody(sessionId, userId, 'resubmission_requested');
    const headers = { 'x-hmac-signature': sign(raw, TEST_MODE_SECRET) };
    expect((await webhook(raw, headers)).body).toEqual({ ok: true });
    const second = await webhook(raw, headers);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ok: true, duplicate: true });
    expect((await kycEvents(userId)).map((e) => e.type)).toEqual(['KycSessionStarted', 'KycDeclined']);
  });

  it('records an approval and its +1000 once when Veriff delivers it 10 times at the same moment', async () => {
    const { browser, userId, sessionId } = await paidUserWithSession('fan');
    const raw = decisionBody(sessionId, userId, 'approved');
    const headers = { 'x-hmac-signature': sign(raw, TEST_MODE_SECRET) };
    const responses = await Promise.all(Array.from({ length: 10 }, () => webhook(raw, headers)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.body.duplicate)).toHaveLength(9);
    expect((await kycEvents(userId)).map((e) => e.type)).toEqual(['KycSessionStarted', 'KycApproved']);
    // Paid in the approval's transaction, under the key the worker's reactor used before (ADR 0003).
    const awards = await harness.store.readStream(`payola-${userId}`);
    expect(awards.map((e) => e.data)).toEqual([
      expect.objectContaining({ rule: 'identity-verified', amount: 1000, source: 'identity-verified' }),
    ]);
    expect((await browser.get('/api/payola/stats')).body).toEqual({ currentBalance: 1000, totalEarned: 1000 });
  });

  it('pays no reward for the approval of an artist', async () => {
    const { browser, userId, sessionId } = await paidUserWithSession('artist');
    const raw = decisionBody(sessionId, userId, 'approved');
    expect((await webhook(raw, { 'x-hmac-signature': sign(raw, TEST_MODE_SECRET) })).status).toBe(200);
    expect((await browser.get('/api/auth/check')).body.user).toMatchObject({ verified: true, payolaBalance: 0 });
    expect(await harness.store.readStream(`payola-${userId}`)).toEqual([]);
  });

  it("still honours a payment and a check recorded on the user's stream before the split", async () => {
    // Before ADR 0004 both were appended to `user-<id>`; events are never moved.
    const paidBefore = await signUp('fan');
    await pay(paidBefore.userId, `user-${paidBefore.userId}`);
    expect((await paidBefore.browser.post('/api/kyc/session')).status).toBe(200);
    expect((await paidBefore.browser.get('/api/auth/check')).body.user).toMatchObject({ paymentCompleted: true });

    const approvedBefore = await signUp('fan');
    await pay(approvedBefore.userId, `user-${approvedBefore.userId}`);
    await harness.store.append(`user-${approvedBefore.userId}`, 'any', [
      {
        type: 'KycApproved',
        data: {
          userId: approvedBefore.userId,
          sessionId: randomUUID(),
          decisionTime: new Date().toISOString(),
          firstName: 'Kim',
          lastName: 'Deal',
        },
      },
    ]);
    expect((await approvedBefore.browser.get('/api/kyc/status')).body).toEqual({
      veriffStatus: 'approved',
      verified: true,
      kycCompleted: true,
    });
    expect((await approvedBefore.browser.get('/api/auth/check')).body.user).toMatchObject({ verified: true });
    expect((await approvedBefore.browser.post('/api/kyc/session')).status).toBe(409);
  });

  it('refuses a decision whose vendorData names another user, and ignores review and unknown sessions', async () => {
    const victim = await paidUserWithSession();
    const attacker = await signUp();
    const forged = decisionBody(victim.sessionId, attacker.userId, 'approved');
    const refused = await webhook(forged, { 'x-hmac-signature': sign(forged, TEST_MODE_SECRET) });
    expect(refused.status).toBe(400);
    expect((await kycEvents(victim.userId)).map((e) => e.type)).toEqual(['KycSessionStarted']);
    expect(await kycEvents(attacker.userId)).toEqual([]);

    const review = decisionBody(victim.sessionId, victim.userId, 'review');
    const reviewed = await webhook(review, { 'x-hmac-signature': sign(review, TEST_MODE_SECRET) });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toEqual({ ok: true, ignored: true });
    expect((await kycEvents(victim.userId)).map((e) => e.type)).toEqual(['KycSessionStarted']);

    const unknown = decisionBody(randomUUID(), victim.userId, 'approved');
    expect((await webhook(unknown, { 'x-hmac-signature': sign(unknown, TEST_MODE_SECRET) })).status).toBe(404);
  });

  it('lets the user pick decline, then approve, through the signed webhook path', async () => {
    const { browser, userId } = await signUp();
    expect((await browser.post('/api/kyc/test-decision', { decision: 'approved' })).status).toBe(409);
    await pay(userId);
    const first = (await browser.post('/api/kyc/session')).body.sessionId;

    const declined = await browser.post('/api/kyc/test-decision', { decision: 'declined' });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ status: 'declined' });
    expect((await browser.get('/api/kyc/status')).body.veriffStatus).toBe('declined');

    const second = (await browser.post('/api/kyc/session')).body.sessionId;
    expect(second).not.toBe(first);
    // A new check is pending again: the page waiting for its decision must not see the old decline.
    expect((await browser.get('/api/kyc/status')).body.veriffStatus).toBe('pending');
    let projected: string | undefined;
    for (let i = 0; i < 100 && projected !== 'pending'; i++) {
      projected = (await browser.get('/api/auth/check')).body.user.veriffStatus;
      if (projected !== 'pending') await new Promise((r) => setTimeout(r, 50));
    }
    expect(projected).toBe('pending');
    const approved = await browser.post('/api/kyc/test-decision', { decision: 'approved' });
    expect(approved.body).toEqual({ status: 'approved' });
    expect((await browser.get('/api/auth/check')).body.user).toMatchObject({
      verified: true,
      veriffStatus: 'approved',
    });
    expect((await kycEvents(userId)).map((e) => [e.type, e.data.sessionId])).toEqual([
      ['KycSessionStarted', first],
      ['KycDeclined', first],
      ['KycSessionStarted', second],
      ['KycApproved', second],
    ]);
    // The decision went through the webhook's dedupe table like Veriff's would.
    const { rows } = await harness.api.db.pool.query(
      "select event_id from processed_webhook_events where provider = 'veriff' and event_id = any($1) order by event_id",
      [[`${first}:declined`, `${second}:approved`]],
    );
    expect(rows).toHaveLength(2);

    expect((await browser.post('/api/kyc/test-decision', { decision: 'maybe' })).status).toBe(400);
    expect((await browser.postWithoutCsrf('/api/kyc/test-decision', { decision: 'approved' })).status).toBe(403);
  });
});

describe('identity verification with Veriff configured', () => {
  const SHARED_SECRET = 'veriff-shared-secret-for-tests';
  let harness: Harness;
  let veriff: Server;
  let received: { headers: IncomingHttpHeaders; body: string }[];
  const { signUp, pay, webhook, kycEvents } = helpers(() => harness);

  beforeAll(async () => {
    received = [];
    // A local stand-in for Veriff's API.
    veriff = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        const id = randomUUID();
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 'success', verification: { id, url: `https://magic.veriff.me/v/${id}` } }));
      });
    });
    await new Promise<void>((resolve) => veriff.listen(0, '127.0.0.1', resolve));
    const api = await startApi([usersProjection, payolaLedgerProjection], {
      VERIFF_API_KEY: 'veriff-api-key',
      VERIFF_SHARED_SECRET: SHARED_SECRET,
      VERIFF_BASE_URL: `http://127.0.0.1:${(veriff.address() as AddressInfo).port}`,
    });
    harness = { api, store: new EventStore(api.db.pool, createDomainEventRegistry()) };
  });
  afterAll(async () => {
    await harness.api.close();
    await new Promise<void>((resolve) => veriff.close(() => resolve()));
    for (const name of ['VERIFF_API_KEY', 'VERIFF_SHARED_SECRET', 'VERIFF_BASE_URL']) delete process.env[name];
  });

  it('has no test-decision route', async () => {
    const { browser, userId } = await signUp();
    await pay(userId);
    await browser.post('/api/kyc/session');
    const response = await browser.post('/api/kyc/test-decision', { decision: 'approved' });
    expect(response.status).toBe(404);
    expect((await kycEvents(userId)).map((e) => e.type)).toEqual(['KycSessionStarted']);
  });

  it("opens a Veriff session and accepts only decisions signed with Veriff's secret", async () => {
    const { browser, userId } = await signUp();
    await pay(userId);
    received = [];
    const session = await browser.post('/api/kyc/session');
    expect(session.status).toBe(200);
    expect(session.body).toEqual({
      sessionId: expect.any(String),
      url: `https://magic.veriff.me/v/${session.body.sessionId}`,
      mode: 'veriff',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-auth-client']).toBe('veriff-api-key');
    expect(received[0]!.headers['x-hmac-signature']).toBe(sign(received[0]!.body, SHARED_SECRET));
    expect(JSON.parse(received[0]!.body).verification).toMatchObject({ vendorData: userId, endUserId: userId });

    const raw = decisionBody(session.body.sessionId, userId, 'approved');
    expect((await webhook(raw, { 'x-hmac-signature': sign(raw, TEST_MODE_SECRET) })).status).toBe(401);
    expect((await kycEvents(userId)).map((e) => e.type)).toEqual(['KycSessionStarted']);
    expect((await webhook(raw, { 'x-hmac-signature': sign(raw, SHARED_SECRET) })).status).toBe(200);
    expect((await browser.get('/api/kyc/status')).body).toEqual({
      veriffStatus: 'approved',
      verified: true,
      kycCompleted: true,
    });
  });
});
