import { createDomainEventRegistry } from '@app/contracts';
import { EventStore, migrateReadModels } from '@app/event-store';
import { createTestDatabase, projectAll, type TestDatabase } from '@app/testing';
import { activeMembershipsProjection } from '../projections/active-memberships.projection.js';
import { payolaLedgerProjection } from '../projections/payola-ledger.projection.js';
import { grantMonthlyMembership } from './monthly-membership-grant.js';

describe('monthly membership grant', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
    await migrateReadModels(db.pool, [activeMembershipsProjection, payolaLedgerProjection]);
  });
  afterAll(() => db.close());

  const project = () => projectAll(db.pool, db.url, [activeMembershipsProjection, payolaLedgerProjection]);

  const entries = (userId: string) =>
    db.pool
      .query('select description, amount, balance from payola_ledger where user_id = $1 order by position', [userId])
      .then((r) => r.rows);

  it('grants +100 once per active member and UTC month, however often it runs', async () => {
    const started = new Date('2026-11-02T10:00:00Z').toISOString();
    for (const userId of ['m1', 'm2', 'm3']) {
      await store.append(`user-${userId}`, 'any', [
        { type: 'MembershipStarted', data: { userId, subscriptionId: null, startedAt: started } },
      ]);
    }
    await store.append('user-m3', 'any', [{ type: 'MembershipEnded', data: { userId: 'm3', endedAt: started } }]);
    await project();

    const november = new Date('2026-11-15T00:15:00Z');
    expect(await grantMonthlyMembership(db.pool, store, november)).toBe(2);
    // A doubled run, and a late one on the last second of the month, grant nothing more.
    const again = await Promise.all([
      grantMonthlyMembership(db.pool, store, november),
      grantMonthlyMembership(db.pool, store, new Date('2026-11-30T23:59:59Z')),
    ]);
    expect(again).toEqual([0, 0]);
    // The next month pays again.
    expect(await grantMonthlyMembership(db.pool, store, new Date('2026-12-01T00:15:00Z'))).toBe(2);
    expect(await grantMonthlyMembership(db.pool, store, new Date('2026-12-01T00:15:00Z'))).toBe(0);
    await project();

    expect(await entries('m1')).toEqual([
      { description: 'Monthly membership, 2026-11', amount: 100, balance: 100 },
      { description: 'Monthly membership, 2026-12', amount: 100, balance: 200 },
    ]);
    expect(await entries('m3')).toEqual([]);
  });
});
