import { createDomainEventRegistry } from '@app/contracts';
import { EventStore, migrateReadModels, replayProjection, verifyProjection, type LogConsumer } from '@app/event-store';
import { createTestDatabase, projectAll, type TestDatabase } from '@app/testing';
import { usersProjection } from '../identity/index.js';
import { payolaLedgerProjection } from './projections/payola-ledger.projection.js';
import { createVerificationRewardReactor } from './reactors/verification-reward.reactor.js';

describe('Payola ledger (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;
  let consumers: LogConsumer[];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
    consumers = [createVerificationRewardReactor(store), payolaLedgerProjection, usersProjection];
    await migrateReadModels(db.pool, [payolaLedgerProjection, usersProjection]);
  });
  afterAll(() => db.close());

  const project = () => projectAll(db.pool, db.url, consumers);

  async function signUp(userId: string, role: 'fan' | 'artist'): Promise<void> {
    await store.append(`user-${userId}`, 'no_stream', [
      {
        type: 'AccountCreated',
        data: {
          userId,
          email: `${userId}@example.com`,
          firstName: 'A',
          lastName: 'B',
          role,
          zipCode: '12345',
          passwordHash: 'x',
        },
      },
    ]);
  }

  async function approve(userId: string): Promise<void> {
    await store.append(`user-${userId}`, 'any', [
      {
        type: 'KycApproved',
        data: {
          userId,
          sessionId: `s-${userId}`,
          decisionTime: new Date().toISOString(),
          firstName: null,
          lastName: null,
        },
      },
    ]);
  }

  const history = (userId: string) =>
    db.pool
      .query(
        'select action, category, description, amount, balance from payola_ledger where user_id = $1 order by position',
        [userId],
      )
      .then((r) => r.rows);

  it('grants a fan +1000 for the approved identity check, once, and only fans', async () => {
    await signUp('fan-1', 'fan');
    await signUp('artist-1', 'artist');
    await approve('fan-1');
    await approve('artist-1');
    await project();
    // A repeated approval (a duplicate webhook, a resubmission) pays nothing more.
    await approve('fan-1');
    await project();
    await project();

    expect(await history('fan-1')).toEqual([
      {
        action: 'Identity verified',
        category: 'verification',
        description: 'Welcome bonus for verifying your identity',
        amount: 1000,
        balance: 1000,
      },
    ]);
    expect(await history('artist-1')).toEqual([]);
    const { rows } = await db.pool.query("select balance, total_earned from payola_balances where user_id = 'fan-1'");
    expect(rows).toEqual([{ balance: 1000, total_earned: 1000 }]);
    const user = await db.pool.query("select payola_balance from identity_users where id = 'fan-1'");
    expect(user.rows).toEqual([{ payola_balance: 1000 }]);
  });

  it('keeps running balances with signed entries; balance equals the sum of entries', async () => {
    await signUp('fan-2', 'fan');
    await approve('fan-2');
    await project();
    await store.append('payola-fan-2', 'any', [
      {
        type: 'PayolaAwarded',
        data: {
          userId: 'fan-2',
          amount: -1,
          rule: 'upvote-withdrawn',
          action: 'Upvote withdrawn',
          category: 'community',
          description: 'Removed a vote',
          source: 'vote-x-1',
        },
      },
    ]);
    await project();
    expect((await history('fan-2')).map((e) => [e.amount, e.balance])).toEqual([
      [1000, 1000],
      [-1, 999],
    ]);
    const { rows } = await db.pool.query(
      `select b.user_id from payola_balances b
       join (select user_id, sum(amount)::int as total from payola_ledger group by user_id) l using (user_id)
       where b.balance <> l.total`,
    );
    expect(rows).toEqual([]);
  });

  it('replays to the same history even after the policy amounts change', async () => {
    const before = await db.pool.query('select * from payola_ledger order by position');
    expect(await verifyProjection(db.pool, payolaLedgerProjection, { batchSize: 3 })).toEqual([]);

    // The policy now pays 5,000 for verification: new approvals get the new amount...
    consumers = [createVerificationRewardReactor(store, () => 5000), payolaLedgerProjection, usersProjection];
    await signUp('fan-3', 'fan');
    await approve('fan-3');
    await project();
    expect((await history('fan-3')).map((e) => e.amount)).toEqual([5000]);

    // ...while a full replay re-creates every past entry exactly as it was decided.
    const decided = await db.pool.query('select * from payola_ledger order by position');
    await replayProjection(db.pool, payolaLedgerProjection, { batchSize: 3 });
    const after = await db.pool.query('select * from payola_ledger order by position');
    expect(after.rows).toEqual(decided.rows);
    expect(after.rows.slice(0, before.rows.length)).toEqual(before.rows);
    expect((await history('fan-1')).map((e) => e.amount)).toEqual([1000]);

    await db.pool.query("update payola_balances set balance = 7 where user_id = 'fan-1'");
    const differences = await verifyProjection(db.pool, payolaLedgerProjection, { batchSize: 3 });
    expect(differences.map((d) => d.table)).toEqual(['payola_balances']);
  });
});
