import http from 'node:http';
import { StripePaymentProvider } from './stripe-payment-provider.js';

interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

/** A local HTTP server standing in for Stripe's API, answering with Stripe-shaped payloads. */
async function fakeStripe(): Promise<{ url: string; requests: Recorded[]; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  const responses: Record<string, object> = {
    '/v1/customers': { id: 'cus_123', object: 'customer' },
    '/v1/subscriptions': {
      id: 'sub_123',
      object: 'subscription',
      latest_invoice: {
        id: 'in_123',
        object: 'invoice',
        confirmation_secret: { client_secret: 'in_123_secret_abc', type: 'payment_intent' },
      },
    },
    '/v1/payment_intents': {
      id: 'pi_123',
      object: 'payment_intent',
      amount: 1000,
      currency: 'usd',
      client_secret: 'pi_123_secret_def',
    },
    '/v1/billing_portal/sessions': {
      id: 'bps_123',
      object: 'billing_portal.session',
      url: 'https://billing.stripe.test/session/bps_123',
    },
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({
        method: req.method ?? '',
        path,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        params: new URLSearchParams(body),
      });
      const response = responses[path];
      res.writeHead(response ? 200 : 404, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(
        JSON.stringify(response ?? { error: { type: 'invalid_request_error', message: `No such path ${path}` } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

describe('StripePaymentProvider (official SDK against a local Stripe stand-in)', () => {
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    stripe = await fakeStripe();
    provider = new StripePaymentProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      priceMonthly: 'price_monthly_5',
      priceVerificationFee: 'price_fee_10',
      apiHost: stripe.url,
    });
  });
  afterAll(() => stripe.close());
  beforeEach(() => stripe.requests.splice(0));

  it('starts a fan subscription whose first invoice carries the $10 fee and the first $5 month', async () => {
    const checkout = await provider.createCheckout({
      userId: 'u1',
      email: 'fan@example.com',
      name: 'A Fan',
      role: 'fan',
      attempt: 1,
    });
    expect(checkout).toEqual({
      clientSecret: 'in_123_secret_abc',
      paymentId: 'in_123',
      customerId: 'cus_123',
      subscriptionId: 'sub_123',
      amountCents: 1500,
    });
    const [customer, subscription] = stripe.requests;
    expect(customer!.path).toBe('/v1/customers');
    expect(customer!.params.get('metadata[userId]')).toBe('u1');
    expect(subscription!.path).toBe('/v1/subscriptions');
    expect(Object.fromEntries(subscription!.params)).toMatchObject({
      customer: 'cus_123',
      'items[0][price]': 'price_monthly_5',
      'add_invoice_items[0][price]': 'price_fee_10',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[userId]': 'u1',
    });
    expect(customer!.idempotencyKey).toBe('customer-u1-1');
    expect(subscription!.idempotencyKey).toBe('subscription-u1-1');
  });

  it('charges other roles a single $10.00 payment intent', async () => {
    const checkout = await provider.createCheckout({
      userId: 'u2',
      email: 'band@example.com',
      name: 'A Band',
      role: 'artist',
      attempt: 2,
    });
    expect(checkout).toMatchObject({
      clientSecret: 'pi_123_secret_def',
      paymentId: 'pi_123',
      subscriptionId: null,
      amountCents: 1000,
    });
    const intent = stripe.requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(Object.fromEntries(intent.params)).toMatchObject({
      amount: '1000',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[userId]': 'u2',
    });
    expect(intent.idempotencyKey).toBe('payment-intent-u2-2');
  });

  it('opens the customer portal for "Manage Payment Methods"', async () => {
    const url = await provider.createPortalSession('cus_123', 'http://localhost:3000/profile');
    expect(url).toBe('https://billing.stripe.test/session/bps_123');
    expect(Object.fromEntries(stripe.requests[0]!.params)).toEqual({
      customer: 'cus_123',
      return_url: 'http://localhost:3000/profile',
    });
  });
});
