import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness, type Client } from './api-harness.js';

const COPIES = 10;

/**
 * A double click, a retrying proxy or an impatient user sends the same write several times at once.
 * Each copy gets the first answer or a clear 4xx, never a 5xx, and the write happens once.
 */
describe('doubled writes: the first answer or a clear 4xx, never a 5xx', () => {
  let api: ApiHarness;
  let store: EventStore;
  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection, venuesProjection]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  const copies = (send: () => Promise<{ status: number; body: unknown }>) =>
    Promise.all(Array.from({ length: COPIES }, send));
  const noServerErrors = (answers: { status: number; body: unknown }[]) => {
    const failures = answers.filter((a) => a.status >= 500);
    expect(failures.map((a) => [a.status, a.body])).toEqual([]);
  };
  /** The event types on one of the user's streams: `user` (identity), `payment`, `identity-check`, `payola`. */
  const typesOn = async (owner: string, userId: string) =>
    (await store.readStream(`${owner}-${userId}`)).map((e) => e.type);

  it('sign-up, payment intent, test payment, identity session and decision, each sent 10 times at once', async () => {
    const email = `doubled-${randomUUID()}@example.com`;
    const signUps = await Promise.all(
      Array.from({ length: COPIES }, () =>
        api.client().post('/api/create-account', {
          email,
          password: 'correct horse 1',
          firstName: 'Dou',
          lastName: 'Bled',
          role: 'fan',
          zipCode: '10001',
        }),
      ),
    );
    noServerErrors(signUps);
    // One account; the copies are told the email is taken, or (past the per-email limit) to slow down.
    expect(signUps.filter((a) => a.status === 201)).toHaveLength(1);
    expect(signUps.every((a) => [201, 409, 429].includes(a.status))).toBe(true);

    const client: Client = api.client();
    expect((await client.post('/api/login', { email, password: 'correct horse 1' })).status).toBe(200);
    const userId = (await client.get('/api/auth/check')).body.user.id as string;

    const intents = await copies(() =>
      client.post('/api/create-payment-intent', { membershipAddon: true, selectedRole: 'fan' }),
    );
    noServerErrors(intents);
    const secrets = new Set(intents.filter((a) => a.status < 300).map((a) => a.body.clientSecret as string));
    expect(secrets.size).toBeGreaterThan(0);

    const [clientSecret] = [...secrets];
    const payments = await copies(() =>
      client.post('/api/test-payments/confirm', {
        clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      }),
    );
    noServerErrors(payments);
    expect(payments.some((a) => a.status === 200)).toBe(true);
    expect((await typesOn('payment', userId)).filter((t) => t === 'PaymentCompleted')).toHaveLength(1);

    const sessions = await copies(() => client.post('/api/kyc/session'));
    noServerErrors(sessions);
    expect(sessions.some((a) => a.status === 200)).toBe(true);
    const decisions = await copies(() => client.post('/api/kyc/test-decision', { decision: 'approved' }));
    noServerErrors(decisions);
    expect(decisions.some((a) => a.status === 200)).toBe(true);
    expect((await typesOn('identity-check', userId)).filter((t) => t === 'KycApproved')).toHaveLength(1);
    // The approval's +1000 is paid with it, once.
    expect(await typesOn('payola', userId)).toEqual(['PayolaAwarded']);
    expect((await client.get('/api/auth/check')).body.user).toMatchObject({
      paymentCompleted: true,
      verified: true,
      payolaBalance: 1000,
    });

    // Profile saves: one change, told the same way each time.
    const saves = await copies(() =>
      client.patch(`/api/users/${userId}`, { username: `doubled_${userId.slice(0, 6)}`, firstName: 'Double' }),
    );
    noServerErrors(saves);
    expect(saves.map((a) => a.status)).toEqual(Array(COPIES).fill(200));
    expect((await typesOn('user', userId)).filter((t) => t === 'UsernameChanged')).toHaveLength(1);

    // A venue saved again by its adder, 10 times at once.
    const name = `Doubled Hall ${randomUUID().slice(0, 6)}`;
    const venue = {
      name,
      venueType: 'Live Music Club',
      streetAddress: '1 Main St',
      city: 'Denver',
      state: 'CO',
      capacity: '300',
      ageRestriction: '21+',
      soundSystem: 'Professional PA System',
      bio: 'Twice as loud.',
      phoneNumber: '(303) 555-0100',
      email: 'booking@example.com',
      bookingContact: 'Jo',
      accessibility: 'Step-free entrance',
      parking: 'Street parking',
      socialUrls: [''],
    };
    const added = await client.post('/api/venues', { venue });
    expect(added.status).toBe(201);
    const updates = await copies(() =>
      client.patch(`/api/venues/${added.body.id}`, { venue: { ...venue, capacity: '320' } }),
    );
    noServerErrors(updates);
    expect(updates.every((a) => a.status === 200 || a.status === 409)).toBe(true);
  });
});
