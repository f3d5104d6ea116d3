import { usersProjection } from '@app/modules/identity';
import { MEMBERSHIP_STATUS_PROJECTION, membershipStatusProjection } from '@app/modules/membership';
import { readModelsCaughtUp } from './read-models.js';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpAccount, stripeWebhook } from './members.js';

describe('verification payment in test mode (the Stripe webhook path, real PostgreSQL)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi([usersProjection, membershipStatusProjection]);
  });
  afterAll(() => api.close());

  const signUp = (role = 'fan') => signUpAccount(api, role);

  async function pay(client: Client, cardNumber = '4242 4242 4242 4242') {
    const intent = await client.post('/api/create-payment-intent', { membershipAddon: true, selectedRole: 'fan' });
    return client.post('/api/test-payments/confirm', {
      clientSecret: intent.body.clientSecret,
      cardNumber,
      expiry: '12 / 34',
      cvc: '123',
    });
  }

  const webhook = (payload: object, secret?: string) => stripeWebhook(api, payload, secret);

  it('charges a fan $15.00 today, numbers them, and records the card', async () => {
    const { client, userId } = await signUp('fan');
    const intent = await client.post('/api/create-payment-intent', {
      userId,
      membershipAddon: true,
      selectedRole: 'fan',
    });
    expect(intent.status).toBe(201);
    expect(intent.body).toMatchObject({ mode: 'test', amountCents: 1500, publishableKey: null });
    // Reloading the payment page continues the same checkout.
    const again = await client.post('/api/create-payment-intent', { userId });
    expect(again.body.clientSecret).toBe(intent.body.clientSecret);

    const paid = await client.post('/api/test-payments/confirm', {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const check = await client.get('/api/auth/check');
    expect(check.body.user).toMatchObject({ paymentCompleted: true, foundingFanNumber: expect.any(Number) });
    await readModelsCaughtUp(api.db.pool, [MEMBERSHIP_STATUS_PROJECTION]);
    const { rows } = await api.db.pool.query(
      `select verification_payment_amount_cents, payment_method_last4, payment_method_brand, monthly_member, stripe_customer_id
       from membership_status where user_id = $1`,
      [userId],
    );
    expect(rows[0]).toMatchObject({
      verification_payment_amount_cents: 1500,
      payment_method_last4: '4242',
      payment_method_brand: 'visa',
      monthly_member: true,
      stripe_customer_id: expect.stringMatching(/^cus_test_/),
    });
    expect((await client.post('/api/create-payment-intent', {})).status).toBe(409);
  });

  it('charges other roles $10.00 once, with no fan number or membership', async () => {
    const { client, userId } = await signUp('artist');
    const paid = await pay(client);
    expect(paid.status).toBe(200);
    await readModelsCaughtUp(api.db.pool, [MEMBERSHIP_STATUS_PROJECTION]);
    const { rows } = await api.db.pool.query(
      'select payment_completed, verification_payment_amount_cents, founding_fan_number, monthly_member from membership_status where user_id = $1',
      [userId],
    );
    expect(rows[0]).toEqual({
      payment_completed: true,
      verification_payment_amount_cents: 1000,
      founding_fan_number: null,
      monthly_member: false,
    });
  });

  it("declines Stripe's decline test card with the provider's message and records nothing", async () => {
    const { client, userId } = await signUp('fan');
    const declined = await pay(client, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe('Your card was declined.');
    const bad = await pay(client, '1234 5678 9012 3456');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Your card number is incorrect.');
    const events = await api.db.pool.query(
      "select count(*)::int as n from events where stream_id = $1 and type = 'PaymentCompleted'",
      [`payment-${userId}`],
    );
    expect(events.rows[0].n).toBe(0);
  });

  it("refuses to pay for someone else's account", async () => {
    const { client } = await signUp('fan');
    const other = await signUp('fan');
    const response = await client.post('/api/create-payment-intent', { userId: other.userId });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('You can only pay for your own account.');
  });

  it('verifies webhook signatures, drops repeated events, and ignores out-of-order ones', async () => {
    const { client, userId } = await signUp('artist');
    const intent = await client.post('/api/create-payment-intent', {});
    const paymentId = intent.body.clientSecret.split('_secret_')[0];
    const event = {
      id: 'evt_test_replayed',
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
    expect((await webhook(event, 'whsec_wrong_secret')).status).toBe(400);
    expect((await api.client().postWithoutCsrf('/api/stripe/webhook').send(event)).status).toBe(400);

    const first = await webhook(event);
    expect(first.body).toEqual({ received: true, outcome: 'processed' });
    expect((await webhook(event)).body.outcome).toBe('duplicate');
    expect((await webhook({ ...event, id: 'evt_test_second_delivery' })).body.outcome).toBe('ignored');
    const events = await api.db.pool.query(
      "select count(*)::int as n from events where stream_id = $1 and type = 'PaymentCompleted'",
      [`payment-${userId}`],
    );
    expect(events.rows[0].n).toBe(1);

    // A renewal for a membership that never started changes nothing.
    const renewal = await webhook({
      id: 'evt_test_early_renewal',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_x',
          billing_reason: 'subscription_cycle',
          parent: { subscription_details: { subscription: 'sub_unknown' } },
        },
      },
    });
    expect(renewal.body.outcome).toBe('ignored');
  });

  it('keeps the membership in step with the subscription: renewed, ended when Stripe gives up, restarted when paid', async () => {
    const { client, userId } = await signUp('fan');
    expect((await pay(client)).status).toBe(200);
    const { rows } = await api.db.pool.query<{ subscription_id: string }>(
      'select subscription_id from payment_sessions where user_id = $1',
      [userId],
    );
    const subscription = rows[0]!.subscription_id;
    const membershipEvents = async () =>
      (
        await api.db.pool.query<{ type: string }>(
          "select type from events where stream_id = $1 and type like 'Membership%' order by global_position",
          [`payment-${userId}`],
        )
      ).rows.map((r) => r.type);
    const monthlyMember = async () => {
      await readModelsCaughtUp(api.db.pool, [MEMBERSHIP_STATUS_PROJECTION]);
      return (await api.db.pool.query('select monthly_member from membership_status where user_id = $1', [userId]))
        .rows[0].monthly_member as boolean;
    };
    const invoicePaid = (id: string) => ({
      id,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_${id}`,
          billing_reason: 'subscription_cycle',
          period_end: 1_900_000_000,
          parent: { subscription_details: { subscription } },
        },
      },
    });
    const subscriptionUpdated = (id: string, status: string) => ({
      id,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: subscription, object: 'subscription', status } },
    });

    expect((await webhook(invoicePaid('evt_month_2'))).body.outcome).toBe('processed');
    // Retrying a failed card is not the end yet.
    expect((await webhook(subscriptionUpdated('evt_past_due', 'past_due'))).body.outcome).toBe('ignored');
    expect((await webhook(subscriptionUpdated('evt_unpaid', 'unpaid'))).body.outcome).toBe('processed');
    expect(await membershipEvents()).toEqual(['MembershipStarted', 'MembershipRenewed', 'MembershipEnded']);
    for (let i = 0; i < 50 && (await monthlyMember()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await monthlyMember()).toBe(false);

    // The member pays again: the membership starts again.
    expect((await webhook(invoicePaid('evt_month_3'))).body.outcome).toBe('processed');
    expect(await membershipEvents()).toEqual([
      'MembershipStarted',
      'MembershipRenewed',
      'MembershipEnded',
      'MembershipStarted',
      'MembershipRenewed',
    ]);
    for (let i = 0; i < 50 && !(await monthlyMember()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await monthlyMember()).toBe(true);

    expect(
      (await webhook({ ...subscriptionUpdated('evt_deleted', 'canceled'), type: 'customer.subscription.deleted' })).body
        .outcome,
    ).toBe('processed');
    expect((await membershipEvents()).at(-1)).toBe('MembershipEnded');
  });

  it('never attaches a payment to another user', async () => {
    const { client } = await signUp('artist');
    const victim = await signUp('artist');
    const intent = await client.post('/api/create-payment-intent', {});
    const paymentId = intent.body.clientSecret.split('_secret_')[0];
    const response = await webhook({
      id: 'evt_test_hijack',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: paymentId, object: 'payment_intent', amount_received: 1000, metadata: { userId: victim.userId } },
      },
    });
    expect(response.status).toBe(400);
    await readModelsCaughtUp(api.db.pool, [MEMBERSHIP_STATUS_PROJECTION]);
    const { rows } = await api.db.pool.query('select payment_completed from membership_status where user_id = $1', [
      victim.userId,
    ]);
    expect(rows).toEqual([]); // no membership event about the victim at all
  });

  it('numbers concurrent fans 1, 2, 3 ... exactly once, in payment order, with no gaps', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUp('fan')));
    const results = await Promise.all(fans.map((fan) => pay(fan.client)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const { rows } = await api.db.pool.query<{ number: number }>('select number from founding_fans order by number');
    const numbers = rows.map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const events = await api.db.pool.query(
      `select (data->>'foundingFanNumber')::int as n from events where type = 'PaymentCompleted' and data->>'foundingFanNumber' is not null
       order by global_position`,
    );
    expect(events.rows.map((r) => r.n).sort((a, b) => a - b)).toEqual(numbers);
  });
});
