import { createDomainEventRegistry, type EventPayload } from '@app/contracts';
import { EventStore, migrateReadModels } from '@app/event-store';
import { createTestDatabase, projectAll, type TestDatabase } from '@app/testing';
import { payolaLedgerProjection } from '../projections/payola-ledger.projection.js';
import { grantMonthlyMembership } from './monthly-membership-grant.js';

describe('monthly membership grant (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
    await migrateReadModels(db.pool, [payolaLedgerProjection]);
  });
  afterAll(() => db.close());

  const project = () => projectAll(db.pool, db.url, [payolaLedgerProjection]);
  const grant = (at: string) => grantMonthlyMembership(db.pool, store, new Date(at));

  const start = (userId: string, startedAt: string) =>
    store.append(`payment-${userId}`, 'any', [
      { type: 'MembershipStarted', data: { userId, subscriptionId: `sub_${userId}`, startedAt } },
    ]);
  const end = (userId: string, endedAt: string) =>
    store.append(`payment-${userId}`, 'any', [{ type: 'MembershipEnded', data: { userId, endedAt } }]);

  const entries = (userId: string) =>
    db.pool
      .query('select description, amount, balance from payola_ledger where user_id = $1 order by position', [userId])
      .then((r) => r.rows);
  const awards = (userId: string) =>
    db.pool
      .query<{ data: EventPayload<'PayolaAwarded'> }>(
        `select data from events where stream_id = $1 and type = 'PayolaAwarded' order by stream_version`,
        [`payola-${userId}`],
      )
      .then((r) => r.rows.map((row) => row.data.source));

  it('grants every month a membership was active in, once: March and May for one ended as April began', async () => {
    await start('gap', '2026-03-10T09:00:00Z');
    await end('gap', '2026-04-01T00:00:00Z');
    await start('gap', '2026-05-04T09:00:00Z');
    // Ended in the middle of April: April was a month of membership too.
    await start('mid', '2026-03-20T09:00:00Z');
    await end('mid', '2026-04-12T18:00:00Z');
    // Not a member yet in May.
    await start('june', '2026-06-02T09:00:00Z');

    // No run happened in March, April or May: the first one, late in May, catches up.
    expect(await grant('2026-05-20T00:15:00Z')).toBe(4);
    expect(await awards('gap')).toEqual(['monthly-membership:2026-03', 'monthly-membership:2026-05']);
    expect(await awards('mid')).toEqual(['monthly-membership:2026-03', 'monthly-membership:2026-04']);
    expect(await awards('june')).toEqual([]);

    // Running again, the same day or later in May, grants nothing more.
    expect(await grant('2026-05-20T00:15:00Z')).toBe(0);
    expect(await grant('2026-05-31T23:59:59Z')).toBe(0);

    // June pays the members of June, once, however the runs overlap.
    const june = await Promise.all([grant('2026-06-03T00:15:00Z'), grant('2026-06-03T00:15:00Z')]);
    expect(june.reduce((a, b) => a + b)).toBe(2);
    expect(await awards('gap')).toEqual([
      'monthly-membership:2026-03',
      'monthly-membership:2026-05',
      'monthly-membership:2026-06',
    ]);
    expect(await awards('june')).toEqual(['monthly-membership:2026-06']);

    await project();
    expect(await entries('gap')).toEqual([
      { description: 'Monthly membership, 2026-03', amount: 100, balance: 100 },
      { description: 'Monthly membership, 2026-05', amount: 100, balance: 200 },
      { description: 'Monthly membership, 2026-06', amount: 100, balance: 300 },
    ]);
    expect(await entries('mid')).toEqual([
      { description: 'Monthly membership, 2026-03', amount: 100, balance: 100 },
      { description: 'Monthly membership, 2026-04', amount: 100, balance: 200 },
    ]);
  });

  it('grants each owed month exactly once when several runs catch up at the same time', async () => {
    const fans = Array.from({ length: 5 }, (_, i) => `racer${i}`);
    for (const fan of fans) await start(fan, '2025-09-15T00:00:00Z');

    // Four runs at once, each owing 5 fans the 9 months from September to May.
    const runs = await Promise.all(Array.from({ length: 4 }, () => grant('2026-05-02T00:15:00Z')));
    expect(runs.reduce((a, b) => a + b)).toBe(5 * 9);
    for (const fan of fans) {
      const sources = await awards(fan);
      expect(sources).toHaveLength(9);
      expect(new Set(sources).size).toBe(9);
    }
    const { rows } = await db.pool.query<{ count: number }>(
      `select count(*)::int as count from payola_award_sources where user_id = any($1) and source like 'monthly-membership:%'`,
      [fans],
    );
    expect(rows[0]!.count).toBe(5 * 9);
  });
});
