import { createDomainEventRegistry } from '@app/contracts';
import { EventStore, migrateReadModels, replayProjection, verifyProjection, type LogConsumer } from '@app/event-store';
import { withTransaction } from '@app/platform';
import { createTestDatabase, projectAll, type TestDatabase } from '@app/testing';
import { usersProjection } from '../identity/index.js';
import { awardPayola } from './application/award-payola.js';
import type { AmountFor } from './domain/payola-account.js';
import { payolaLedgerProjection } from './projections/payola-ledger.projection.js';

describe('Payola ledger (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;
  const consumers: LogConsumer[] = [payolaLedgerProjection, usersProjection];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
    await migrateReadModels(db.pool, [payolaLedgerProjection, usersProjection]);
  });
  afterAll(() => db.close());

  const project = () => projectAll(db.pool, db.url, consumers);

  async function signUp(userId: string): Promise<void> {
    await store.append(`user-${userId}`, 'no_stream', [
      {
        type: 'AccountCreated',
        data: {
          userId,
          email: `${userId}@example.com`,
          firstName: 'A',
          lastName: 'B',
          role: 'fan',
          zipCode: '12345',
          passwordHash: 'x',
        },
      },
    ]);
  }

  /** The identity reward, as the approval's transaction pays it (`amountFor`: the policy). */
  async function verificationReward(userId: string, amountFor?: AmountFor): Promise<void> {
    await withTransaction(db.pool, (tx) =>
      awardPayola(
        store,
        tx,
        {
          userId,
          rule: 'identity-verified',
          description: 'Welcome bonus for verifying your identity',
          source: 'identity-verified',
        },
        amountFor,
      ),
    );
  }

  const history = (userId: string) =>
    db.pool
      .query(
        'select action, category, description, amount, balance from payola_ledger where user_id = $1 order by position',
        [userId],
      )
      .then((r) => r.rows);

  it('shows the +1000 identity reward once in the ledger, the balance and the user', async () => {
    await signUp('fan-1');
    await verificationReward('fan-1');
    await project();
    // A repeated approval (a duplicate webhook, a resubmission) pays nothing more.
    await verificationReward('fan-1');
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
    const { rows } = await db.pool.query("select balance, total_earned from payola_balances where user_id = 'fan-1'");
    expect(rows).toEqual([{ balance: 1000, total_earned: 1000 }]);
  });

  it('keeps running balances with signed entries; balance equals the sum of entries', async () => {
    await signUp('fan-2');
    await verificationReward('fan-2');
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
    await signUp('fan-3');
    await verificationReward('fan-3', () => 5000);
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
