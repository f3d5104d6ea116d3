import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpAccount } from './members.js';

/**
 * Each owner writes a stream of its own (ADR 0004): identity `user-<id>`, the payment `payment-<id>`,
 * the identity check `identity-check-<id>`, the rewards `payola-<id>`. A write to one never waits
 * for, nor retries against, a write to another.
 */
describe("a user's streams, one per owner", () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection]);
  });
  afterAll(() => api.close());

  it("pays, opens and approves the identity check while a profile write holds the user's stream", async () => {
    const { client, userId } = await signUpAccount(api, 'fan');
    // A profile write in progress: it holds the user's stream row until it commits. An append to
    // `user-<id>` would wait for it, and time out (the api's statement bound is 2.5 s).
    const profileWrite = await api.db.pool.connect();
    try {
      await profileWrite.query('begin');
      await profileWrite.query('select version from streams where stream_id = $1 for update', [`user-${userId}`]);

      const intent = await client.post('/api/create-payment-intent', { membershipAddon: true, selectedRole: 'fan' });
      expect(intent.status).toBe(201);
      const paid = await client.post('/api/test-payments/confirm', {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      });
      expect(paid.status).toBe(200);
      expect((await client.post('/api/kyc/session')).status).toBe(200);
      const approved = await client.post('/api/kyc/test-decision', { decision: 'approved' });
      expect(approved.body).toEqual({ status: 'approved' });
      expect((await client.get('/api/auth/check')).body.user).toMatchObject({
        paymentCompleted: true,
        foundingFanNumber: expect.any(Number),
        verified: true,
      });
    } finally {
      await profileWrite.query('rollback');
      profileWrite.release();
    }

    const { rows } = await api.db.pool.query<{ stream_id: string; types: string[] }>(
      `select stream_id, array_agg(type order by stream_version) as types from events
       where stream_id = any($1::text[]) group by stream_id order by stream_id`,
      [['user', 'payment', 'identity-check', 'payola'].map((owner) => `${owner}-${userId}`)],
    );
    expect(rows).toEqual([
      { stream_id: `identity-check-${userId}`, types: ['KycSessionStarted', 'KycApproved'] },
      { stream_id: `payment-${userId}`, types: ['PaymentCompleted', 'MembershipStarted'] },
      { stream_id: `payola-${userId}`, types: ['PayolaAwarded'] },
      { stream_id: `user-${userId}`, types: ['AccountCreated'] },
    ]);
  });
});
