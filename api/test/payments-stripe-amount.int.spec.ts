import http from 'node:http';
import Stripe from 'stripe';
import supertest from 'supertest';
import { usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness, type Client } from './api-harness.js';

const WEBHOOK_SECRET = 'whsec_local_stripe_amount_stand_in';

/**
 * A local stand-in for Stripe's API: each checkout gets its own payment intent, which the test then
 * marks paid with an amount and currency of its choosing.
 */
async function fakeStripe() {
  const intents = new Map<string, { status: string; received: number; currency: string }>();
  let next = 0;
  const intent = (id: string) => {
    const state = intents.get(id)!;
    return {
      id,
      object: 'payment_intent',
      amount: 1000,
      amount_received: state.received,
      currency: state.currency,
      status: state.status,
      client_secret: `${id}_secret_abc`,
      payment_method: null,
    };
  };
  const server = http.createServer((req, res) => {
    req.resume().on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      let body: object | null = null;
      if (req.method === 'POST' && path === '/v1/customers')
        body = { id: `cus_amount_${next + 1}`, object: 'customer' };
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        next += 1;
        intents.set(`pi_amount_${next}`, { status: 'requires_payment_method', received: 0, currency: 'usd' });
        body = intent(`pi_amount_${next}`);
      }
      const match = /^\/v1\/payment_intents\/(pi_amount_\d+)$/.exec(path);
      if (req.method === 'GET' && match && intents.has(match[1]!)) body = intent(match[1]!);
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json', 'request-id': 'req_local' });
      res.end(JSON.stringify(body ?? { error: { type: 'invalid_request_error', message: 'No such path' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    pay: (id: string, received: number, currency: string) =>
      intents.set(id, { status: 'succeeded', received, currency }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('Stripe configured: a payment intent paid with another amount or currency (local stand-in)', () => {
  let api: ApiHarness;
  let stripeApi: Awaited<ReturnType<typeof fakeStripe>>;
  let counter = 0;

  beforeAll(async () => {
    stripeApi = await fakeStripe();
    api = await startApi([usersProjection], {
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: 'price_monthly',
      STRIPE_PRICE_VERIFICATION_FEE: 'price_fee',
      STRIPE_API_HOST: stripeApi.url,
    });
  });
  afterAll(async () => {
    await api.close();
    await stripeApi.close();
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_VERIFICATION_FEE',
      'STRIPE_API_HOST',
    ])
      delete process.env[name];
  });

  async function checkout(): Promise<{ client: Client; userId: string; paymentId: string }> {
    const client = api.client();
    counter += 1;
    const { body } = await client.post('/api/create-account', {
      email: `stripe-amount-${counter}-${Date.now()}@example.com`,
      password: 'correct horse 1',
      firstName: 'Ada',
      lastName: `Amount${counter}`,
      role: 'artist',
      zipCode: '10001',
    });
    const intent = await client.post('/api/create-payment-intent', {});
    expect(intent.body).toMatchObject({ mode: 'stripe', amountCents: 1000 });
    return { client, userId: body.userId, paymentId: String(intent.body.clientSecret).split('_secret_')[0]! };
  }

  const paymentTypes = async (userId: string) =>
    (
      await api.db.pool.query<{ type: string }>(
        "select type from events where stream_id = $1 and type like 'Payment%' order by global_position",
        [`payment-${userId}`],
      )
    ).rows.map((r) => r.type);

  it("the payer's return asks Stripe, finds the wrong currency, and says so without completing", async () => {
    const { client, userId, paymentId } = await checkout();
    stripeApi.pay(paymentId, 1000, 'eur');
    const confirmed = await client.post('/api/stripe/confirm-payment', { paymentIntentId: paymentId });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      user: { id: userId, role: 'artist' },
      paymentCompleted: false,
      foundingFanNumber: null,
      amountMismatch: { paidAmountCents: 1000, paidCurrency: 'eur', dueAmountCents: 1000, dueCurrency: 'usd' },
    });
    expect(await paymentTypes(userId)).toEqual(['PaymentAmountMismatched']);
    expect((await client.get('/api/auth/check')).body.user).toMatchObject({ paymentCompleted: false });
  });

  it("Stripe's payment_intent.succeeded for less than due completes nothing", async () => {
    const { userId, paymentId } = await checkout();
    const payload = JSON.stringify({
      id: 'evt_amount_short',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: paymentId,
          object: 'payment_intent',
          amount: 1000,
          amount_received: 999,
          currency: 'usd',
          metadata: { userId },
        },
      },
    });
    const signature = new Stripe('sk_test_local').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const response = await supertest(api.app.getHttpServer())
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', signature)
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe('amount-mismatch');
    expect(await paymentTypes(userId)).toEqual(['PaymentAmountMismatched']);
  });
});
