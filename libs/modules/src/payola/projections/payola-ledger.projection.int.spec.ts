import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import {
  createTestDatabase,
  projectedRows,
  type ListedEvent,
  seededRandom,
  storedEvents,
  type TestDatabase,
} from '@app/testing';
import { payolaLedgerProjection } from './payola-ledger.projection.js';

type Award = EventOfType<'PayolaAwarded'>;

/**
 * The reference: the projection as it was before it became set-based (one statement per award), kept
 * verbatim so the set-based one is held to exactly its rows, running balances included.
 */
const perEventReference = defineProjection<Award>({
  ...payolaLedgerProjection,
  async handle(events, db) {
    for (const event of events) {
      const award = event.data;
      await db.query(
        `with account as (
           insert into payola_balances as b (user_id, balance, total_earned) values ($1, $2, greatest($2, 0))
           on conflict (user_id) do update set balance = b.balance + excluded.balance, total_earned = b.total_earned + excluded.total_earned
           returning balance)
         insert into payola_ledger (id, user_id, action, category, description, amount, balance, created_at, position)
         select $3, $1, $4, $5, $6, $2, account.balance, $7, $8 from account`,
        [
          award.userId,
          award.amount,
          `${event.streamId}@${event.streamVersion}`,
          award.action,
          award.category,
          award.description,
          event.recordedAt,
          event.globalPosition,
        ],
      );
    }
  },
});

/** Awards and deductions (negative amounts: they lower the balance, never the total earned) over a few users. */
function awards(count: number, seed: number): ListedEvent<Award>[] {
  const random = seededRandom(seed);
  const users = ['u1', 'u2', 'u3', 'u4'];
  return Array.from({ length: count }, (_, i) => {
    const userId = random.pick(users);
    const amount = random.pick([1000, 100, 25, 10, 5, 0, -5, -50]);
    return {
      streamId: `payola-${userId}`,
      type: 'PayolaAwarded' as const,
      data: {
        userId,
        amount,
        rule: `r${i % 3}`,
        action: `Action ${i}`,
        category: random.pick(['verification', 'voting', 'membership']),
        description: `Award ${i}`,
        source: `src-${i}`,
      },
    };
  });
}

describe('payola-ledger projection, set-based (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it.each([1, 2])('gives the per-event ledger and balances for any batch size (sequence %i)', async (seed) => {
    const events = storedEvents(awards(500, seed));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    expect(expected.payola_ledger).toHaveLength(500);
    expect(expected.payola_balances).toHaveLength(4);
    for (const batchSize of [1, 7, 61, 1000]) {
      expect(await projectedRows(db.pool, payolaLedgerProjection, events, batchSize)).toEqual(expected);
    }
  });

  it('gives each entry the balance after it, in log order within one batch', async () => {
    const events = storedEvents(
      [10, 5, -3, 0].map((amount, i) => ({
        streamId: 'payola-a',
        type: 'PayolaAwarded' as const,
        data: { userId: 'a', amount, rule: 'r', action: `a${i}`, category: 'c', description: 'd', source: 's' },
      })),
    );
    const rows = await projectedRows(db.pool, payolaLedgerProjection, events, 4);
    const ledger = (rows.payola_ledger ?? []).map((row) => JSON.parse(row) as { amount: number; balance: number });
    expect(ledger.map((entry) => [entry.amount, entry.balance])).toEqual([
      [10, 10],
      [5, 15],
      [-3, 12],
      [0, 12],
    ]);
    expect(rows.payola_balances).toEqual(['{"user_id":"a","balance":12,"total_earned":15}']);
  });
});
