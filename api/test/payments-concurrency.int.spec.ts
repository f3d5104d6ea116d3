import { usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpAccount, stripeWebhook } from './members.js';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

describe('duplicate reports of one payment at once (test mode, real PostgreSQL)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    // 30 racing requests share the api's 10 connections, each holding one through its retries. On a CI
    // machine busy with other suites their wait for a connection passed the 3 s production bound, which
    // rightly answers 503 (database-stall.int tests that bound); what this file tests is exactly once.
    api = await startApi([usersProjection], { DB_CONNECT_TIMEOUT_MS: '15000' });
  });
  afterAll(async () => {
    await api.close();
    // The harness sets the api's settings on process.env: later files in this worker keep the default.
    delete process.env.DB_CONNECT_TIMEOUT_MS;
  });

  const signUp = (role = 'fan') => signUpAccount(api, role);

  const webhook = (payload: object) => stripeWebhook(api, payload);

  async function streamTypes(userId: string): Promise<string[]> {
    const { rows } = await api.db.pool.query<{ type: string }>(
      'select type from events where stream_id = $1 order by global_position',
      [`payment-${userId}`],
    );
    return rows.map((r) => r.type);
  }

  it('answers 30 identical card confirms on one checkout with one payment and one founding fan number', async () => {
    const { client, userId } = await signUp('fan');
    const intent = await client.post('/api/create-payment-intent', {});
    expect(intent.status).toBe(201);
    // Each request fetches its CSRF token first; the confirms themselves then go out together.
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.post('/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, ...CARD }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const successes = responses.filter((r) => r.status === 200);
    expect(successes.length).toBeGreaterThan(0);
    for (const r of responses.filter((r) => r.status !== 200)) expect(r.status).toBeGreaterThanOrEqual(400);
    const numbers = new Set(successes.map((r) => r.body.foundingFanNumber));
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];
    expect(number).toEqual(expect.any(Number));
    for (const r of successes) expect(r.body).toMatchObject({ paymentCompleted: true, amountMismatch: null });

    const types = await streamTypes(userId);
    expect(types.filter((t) => t === 'PaymentCompleted')).toHaveLength(1);
    expect(types.filter((t) => t === 'MembershipStarted')).toHaveLength(1);
    const { rows } = await api.db.pool.query('select number from founding_fans where user_id = $1', [userId]);
    expect(rows).toEqual([{ number }]);
  });

  it("gives the payer's return, confirm-payment and a webhook redelivery racing each other the first answer", async () => {
    const { client, userId } = await signUp('artist');
    const intent = await client.post('/api/create-payment-intent', {});
    const paymentId = String(intent.body.clientSecret).split('_secret_')[0];
    const event = {
      id: 'evt_test_raced_redelivery',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: paymentId,
          object: 'payment_intent',
          amount: 1000,
          amount_received: 1000,
          currency: 'usd',
          metadata: { userId },
        },
      },
    };
    const [webhooks, confirms] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => webhook(event))),
      Promise.all(
        Array.from({ length: 10 }, () => client.post('/api/stripe/confirm-payment', { paymentIntentId: paymentId })),
      ),
    ]);
    expect([...webhooks, ...confirms].filter((r) => r.status >= 500)).toEqual([]);
    expect(webhooks.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(webhooks.filter((r) => r.body.outcome === 'processed')).toHaveLength(1);
    expect(webhooks.filter((r) => r.body.outcome !== 'processed').map((r) => r.body.outcome)).toEqual(
      Array.from({ length: 9 }, () => 'duplicate'),
    );
    for (const r of confirms) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ paymentCompleted: true, foundingFanNumber: null, amountMismatch: null });
    }
    expect((await streamTypes(userId)).filter((t) => t === 'PaymentCompleted')).toHaveLength(1);
  });
});
