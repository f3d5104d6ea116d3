import { READ_MODELS_PENDING_HEADER } from '@app/contracts';
import { migrateReadModels } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { MEMBERSHIP_STATUS_PROJECTION, membershipStatusProjection } from '@app/modules/membership';
import { PAYOLA_LEDGER_PROJECTION, payolaLedgerProjection } from '@app/modules/payola';
import { projectAll } from '@app/testing';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpMember } from './members.js';

const pending = READ_MODELS_PENDING_HEADER.toLowerCase();

/**
 * Each module projects what it owns (identity the profile, membership the payment and identity check,
 * Payola the balance), and a write waits only for the read model its answer shows: with membership's
 * and Payola's projectors stopped, paying, the identity check and saving the profile answer at once.
 */
describe("a write does not wait for another module's read model", () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi([usersProjection]);
    // Their tables exist, as in production, but nothing fills them: their projectors are stopped.
    await migrateReadModels(api.db.pool, [membershipStatusProjection, payolaLedgerProjection]);
  });
  afterAll(() => api.close());

  it('pays, passes the identity check and saves the profile while membership and Payola lag', async () => {
    const { client, userId } = await signUpMember(api, 'fan');
    const user = (await client.get('/api/auth/check')).body.user;
    // The standing comes from the log, so the next screen shows it though membership_status is empty.
    expect(user).toMatchObject({ paymentCompleted: true, verified: true, foundingFanNumber: expect.any(Number) });
    expect((await api.db.pool.query('select 1 from membership_status')).rows).toEqual([]);

    const saved = await client.patch(`/api/users/${userId}`, { firstName: 'Quick', genres: ['Jazz'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ firstName: 'Quick', genres: ['Jazz'] });
    // A wait for a stopped projector would time out and name it: none is named, so the save awaited none.
    expect(saved.headers[pending] ?? '').not.toMatch(
      new RegExp(`${MEMBERSHIP_STATUS_PROJECTION}|${PAYOLA_LEDGER_PROJECTION}`),
    );

    // The balance shown is Payola's: the welcome bonus appears once its projector has run.
    expect((await client.get('/api/auth/check')).body.user.payolaBalance).toBe(0);
    await projectAll(api.db.pool, api.db.url, [membershipStatusProjection, payolaLedgerProjection]);
    expect((await client.get('/api/auth/check')).body.user).toMatchObject({ firstName: 'Quick', payolaBalance: 1000 });
    const { rows } = await api.db.pool.query(
      'select payment_completed, monthly_member, verified, veriff_status from membership_status where user_id = $1',
      [userId],
    );
    expect(rows).toEqual([
      { payment_completed: true, monthly_member: true, verified: true, veriff_status: 'approved' },
    ]);
  });
});
