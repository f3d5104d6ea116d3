import { amountMismatchMessage } from '@app/contracts';
import { usersProjection } from '@app/modules/identity';
import { MEMBERSHIP_STATUS_PROJECTION, membershipStatusProjection } from '@app/modules/membership';
import { readModelsCaughtUp } from './read-models.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpAccount, stripeWebhook } from './members.js';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

describe('a payment of another amount or currency than due (the signed webhook path, real PostgreSQL)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi([usersProjection, membershipStatusProjection]);
  });
  afterAll(() => api.close());

  const signUp = (role = 'fan') => signUpAccount(api, role);

  const webhook = (payload: object) => stripeWebhook(api, payload);

  async function events(userId: string) {
    const { rows } = await api.db.pool.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from events where stream_id = $1 and type like 'Payment%' order by global_position`,
      [`payment-${userId}`],
    );
    return rows;
  }

  async function usersRow(userId: string) {
    await readModelsCaughtUp(api.db.pool, [MEMBERSHIP_STATUS_PROJECTION]);
    const { rows } = await api.db.pool.query(
      'select payment_completed, founding_fan_number, monthly_member from membership_status where user_id = $1',
      [userId],
    );
    // No row: no membership event about the user yet, so nothing paid.
    return rows[0] ?? { payment_completed: false, founding_fan_number: null, monthly_member: false };
  }

  it("leaves a fan's short first invoice unpaid, records it, and tells the payer instead of waiting", async () => {
    const { client, userId } = await signUp('fan');
    const intent = await client.post('/api/create-payment-intent', {});
    expect(intent.body.amountCents).toBe(1500);
    const invoiceId = String(intent.body.clientSecret).split('_secret_')[0];
    const { rows } = await api.db.pool.query<{ subscription_id: string; customer_id: string }>(
      'select subscription_id, customer_id from payment_sessions where user_id = $1',
      [userId],
    );
    const event = {
      id: 'evt_short_invoice',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: invoiceId,
          object: 'invoice',
          billing_reason: 'subscription_create',
          amount_due: 1500,
          amount_paid: 500,
          currency: 'usd',
          status: 'paid',
          customer: rows[0]!.customer_id,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: rows[0]!.subscription_id, metadata: { userId } },
          },
        },
      },
    };
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: 'amount-mismatch' });
    // Redelivered: dropped. Reported again under another event id: nothing new to record.
    expect((await webhook(event)).body.outcome).toBe('duplicate');
    expect((await webhook({ ...event, id: 'evt_short_invoice_again' })).body.outcome).toBe('ignored');

    expect(await events(userId)).toEqual([
      {
        type: 'PaymentAmountMismatched',
        data: {
          userId,
          provider: 'stripe-test-mode',
          providerPaymentId: invoiceId,
          paidAmountCents: 500,
          paidCurrency: 'usd',
          dueAmountCents: 1500,
          dueCurrency: 'usd',
          reportedAt: expect.any(String),
        },
      },
    ]);
    const membership = await api.db.pool.query(
      "select count(*)::int as n from events where stream_id = $1 and type = 'MembershipStarted'",
      [`payment-${userId}`],
    );
    expect(membership.rows[0].n).toBe(0);
    expect((await api.db.pool.query('select 1 from founding_fans where user_id = $1', [userId])).rowCount).toBe(0);
    expect(await usersRow(userId)).toEqual({
      payment_completed: false,
      founding_fan_number: null,
      monthly_member: false,
    });
    const check = await client.get('/api/auth/check');
    expect(check.body.user).toMatchObject({ paymentCompleted: false, foundingFanNumber: null });

    const mismatch = { paidAmountCents: 500, paidCurrency: 'usd', dueAmountCents: 1500, dueCurrency: 'usd' };
    // The payer's return answers at once (no five-second wait for a completion that will not come).
    const started = Date.now();
    const confirm = await client.post('/api/stripe/confirm-payment', { paymentIntentId: invoiceId });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({
      user: { id: userId, role: 'fan' },
      paymentCompleted: false,
      foundingFanNumber: null,
      amountMismatch: mismatch,
    });
    // The payment page, reloaded, says so in words rather than offering the card form again.
    const again = await client.post('/api/create-payment-intent', {});
    expect(again.status).toBe(402);
    expect(again.body.error).toBe(amountMismatchMessage(mismatch));
    expect(again.body.error).toBe(
      'We received $5.00, but $15.00 is due. Your membership is not active yet. Please contact support and we will sort it out.',
    );
  });

  it('ten reports of one short invoice at once (redeliveries and new event ids) record it once, with no 5xx', async () => {
    const { client, userId } = await signUp('fan');
    const intent = await client.post('/api/create-payment-intent', {});
    const invoiceId = String(intent.body.clientSecret).split('_secret_')[0];
    const { rows } = await api.db.pool.query<{ subscription_id: string; customer_id: string }>(
      'select subscription_id, customer_id from payment_sessions where user_id = $1',
      [userId],
    );
    const report = (id: string) => ({
      id,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: invoiceId,
          object: 'invoice',
          billing_reason: 'subscription_create',
          amount_due: 1500,
          amount_paid: 500,
          currency: 'usd',
          status: 'paid',
          customer: rows[0]!.customer_id,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: rows[0]!.subscription_id, metadata: { userId } },
          },
        },
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => webhook(report(i % 2 ? 'evt_race_same' : `evt_race_${i}`))),
    );
    expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);
    expect((await events(userId)).map((e) => e.type)).toEqual(['PaymentAmountMismatched']);
    expect(await usersRow(userId)).toMatchObject({ payment_completed: false, founding_fan_number: null });
  });

  it('takes the test card form through the same path: a payment in another currency completes nothing', async () => {
    const { client, userId } = await signUp('artist');
    const intent = await client.post('/api/create-payment-intent', {});
    const paid = await client.post('/api/test-payments/confirm', {
      clientSecret: intent.body.clientSecret,
      ...CARD,
      currency: 'EUR',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'succeeded',
      paymentCompleted: false,
      foundingFanNumber: null,
      amountMismatch: { paidAmountCents: 1000, paidCurrency: 'eur', dueAmountCents: 1000, dueCurrency: 'usd' },
    });
    expect((await events(userId)).map((e) => e.type)).toEqual(['PaymentAmountMismatched']);
    expect((await usersRow(userId)).payment_completed).toBe(false);
  });

  it('completes a fan paying exactly what is due, in whatever case the currency is written', async () => {
    const { client, userId } = await signUp('fan');
    const intent = await client.post('/api/create-payment-intent', {});
    const paid = await client.post('/api/test-payments/confirm', {
      clientSecret: intent.body.clientSecret,
      ...CARD,
      amountCents: 1500,
      currency: 'USD',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      paymentCompleted: true,
      foundingFanNumber: expect.any(Number),
      amountMismatch: null,
    });
    expect((await events(userId)).map((e) => e.type)).toEqual(['PaymentCompleted']);
    expect((await events(userId))[0]!.data).toMatchObject({ amountCents: 1500, currency: 'usd' });
  });

  it('refuses a short test card payment of a fan the same way, with no founding fan number taken', async () => {
    const { client, userId } = await signUp('fan');
    const before = await api.db.pool.query<{ last_number: number }>('select last_number from founding_fan_counter');
    const intent = await client.post('/api/create-payment-intent', {});
    const paid = await client.post('/api/test-payments/confirm', {
      clientSecret: intent.body.clientSecret,
      ...CARD,
      amountCents: 1000,
    });
    expect(paid.body).toMatchObject({ paymentCompleted: false, foundingFanNumber: null });
    expect(paid.body.amountMismatch).toEqual({
      paidAmountCents: 1000,
      paidCurrency: 'usd',
      dueAmountCents: 1500,
      dueCurrency: 'usd',
    });
    const after = await api.db.pool.query<{ last_number: number }>('select last_number from founding_fan_counter');
    expect(after.rows[0]!.last_number).toBe(before.rows[0]!.last_number);
    expect((await api.db.pool.query('select 1 from founding_fans where user_id = $1', [userId])).rowCount).toBe(0);
  });
});
