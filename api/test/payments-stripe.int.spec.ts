import http from 'node:http';
import Stripe from 'stripe';
import supertest from 'supertest';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness } from './api-harness.js';

const WEBHOOK_SECRET = 'whsec_local_stripe_stand_in';

/** A local stand-in for Stripe's API: one payment intent whose status the test moves on. */
async function fakeStripe() {
  const state = { status: 'requires_payment_method' };
  const intent = () => ({
    id: 'pi_live_1',
    object: 'payment_intent',
    amount: 1000,
    amount_received: state.status === 'succeeded' ? 1000 : 0,
    currency: 'usd',
    status: state.status,
    client_secret: 'pi_live_1_secret_abc',
    payment_method: state.status === 'succeeded' ? 'pm_live_1' : null,
  });
  const routes: Record<string, () => object> = {
    'POST /v1/customers': () => ({ id: 'cus_live_1', object: 'customer' }),
    'POST /v1/payment_intents': intent,
    'GET /v1/payment_intents/pi_live_1': intent,
    'GET /v1/payment_methods/pm_live_1': () => ({
      id: 'pm_live_1',
      object: 'payment_method',
      card: { last4: '4242', brand: 'visa' },
    }),
  };
  const server = http.createServer((req, res) => {
    req.resume().on('end', () => {
      const route = routes[`${req.method} ${(req.url ?? '').split('?')[0]}`];
      res.writeHead(route ? 200 : 404, { 'content-type': 'application/json', 'request-id': 'req_local' });
      res.end(JSON.stringify(route ? route() : { error: { type: 'invalid_request_error', message: 'No such path' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('verification payment with Stripe configured (a local Stripe stand-in, real PostgreSQL)', () => {
  let api: ApiHarness;
  let stripeApi: Awaited<ReturnType<typeof fakeStripe>>;

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

  it('confirms a payer whose webhook has not arrived by asking Stripe, and the late webhook changes nothing', async () => {
    const client = api.client();
    const { body } = await client.post('/api/create-account', {
      email: `stripe-payer-${Date.now()}@example.com`,
      password: 'correct horse 1',
      firstName: 'Nova',
      lastName: 'Reyes',
      role: 'artist',
      zipCode: '10001',
    });
    const userId = body.userId as string;
    const checkout = await client.post('/api/create-payment-intent', {});
    expect(checkout.body).toMatchObject({ mode: 'stripe', clientSecret: 'pi_live_1_secret_abc', amountCents: 1000 });

    // Not paid at Stripe: confirming does not complete anything.
    const early = await client.post('/api/stripe/confirm-payment', { paymentIntentId: 'pi_live_1' });
    expect(early.body.paymentCompleted).toBe(false);

    // Paid at Stripe, webhook still on its way: the return from Stripe completes the payment.
    stripeApi.state.status = 'succeeded';
    const confirmed = await client.post('/api/stripe/confirm-payment', { paymentIntentId: 'pi_live_1' });
    expect(confirmed.body).toEqual({
      user: { id: userId, role: 'artist' },
      paymentCompleted: true,
      foundingFanNumber: null,
      amountMismatch: null,
    });
    expect((await client.get('/api/auth/check')).body.user).toMatchObject({ paymentCompleted: true });
    // As the event store reads them: the card's last four are personal data, sealed in the log.
    const store = new EventStore(api.db.pool, createDomainEventRegistry());
    const completed = async () => ({
      rows: await store.readStream(`payment-${userId}`, api.db.pool, ['PaymentCompleted']),
    });
    expect((await completed()).rows.map((r) => r.data)).toMatchObject([
      { amountCents: 1000, cardLast4: '4242', cardBrand: 'visa' },
    ]);

    // Stripe's webhook arrives after all: verified, and nothing is applied twice.
    const payload = JSON.stringify({
      id: 'evt_live_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_live_1', object: 'payment_intent', amount_received: 1000, metadata: { userId } } },
    });
    const signature = new Stripe('sk_test_local').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const late = await supertest(api.app.getHttpServer())
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', signature)
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(late.status).toBe(200);
    expect((await completed()).rows).toHaveLength(1);
  });
});
