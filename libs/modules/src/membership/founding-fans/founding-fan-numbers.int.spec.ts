import type { PoolClient } from '@app/platform';
import { createTestDatabase, raceTransactions, type TestDatabase } from '@app/testing';
import { assignFoundingFanNumber } from './founding-fan-numbers.js';

/** `n` real transactions behind one barrier (raceTransactions), each drawing a number. */
const race = (db: TestDatabase, n: number, work: (tx: PoolClient, index: number) => Promise<number>) =>
  raceTransactions(db.pool, n, work, { holdMs: 30 });

describe('founding fan numbers under concurrent transactions (real PostgreSQL, READ COMMITTED)', () => {
  let db: TestDatabase;
  const N = 12;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const counter = async () =>
    (await db.pool.query<{ last_number: number }>('select last_number from founding_fan_counter')).rows[0]!.last_number;

  it('gives one user racing themselves exactly one number, without an error', async () => {
    const before = await counter();
    const outcomes = await race(db, N, (tx) => assignFoundingFanNumber(tx, 'same-user'));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    const numbers = new Set(outcomes.map((o) => (o.ok ? o.value : null)));
    expect(numbers).toEqual(new Set([before + 1]));
    expect(await counter()).toBe(before + 1);
    const { rows } = await db.pool.query('select number from founding_fans where user_id = $1', ['same-user']);
    expect(rows).toEqual([{ number: before + 1 }]);
  });

  it('numbers different users racing each other with no gaps and no duplicates', async () => {
    const before = await counter();
    const outcomes = await race(db, N, (tx, i) => assignFoundingFanNumber(tx, `fan-${i}`));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    const numbers = outcomes.map((o) => (o.ok ? o.value : 0)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => before + i + 1));
    expect(await counter()).toBe(before + N);
    const { rows } = await db.pool.query<{ number: number }>(
      "select number from founding_fans where user_id like 'fan-%' order by number",
    );
    expect(rows.map((r) => r.number)).toEqual(numbers);
  });

  it('gives back the number of a payment that rolled back: the next fan gets it', async () => {
    const before = await counter();
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      expect(await assignFoundingFanNumber(client, 'rolled-back')).toBe(before + 1);
      await client.query('rollback');
    } finally {
      client.release();
    }
    const outcomes = await race(db, 3, (tx) => assignFoundingFanNumber(tx, 'after-rollback'));
    expect(outcomes).toEqual(Array.from({ length: 3 }, () => ({ ok: true, value: before + 1 })));
  });

  it('with the look-up before the lock (the old order), the same race fails on the unique key', async () => {
    const lookUpFirst = async (tx: PoolClient, userId: string): Promise<number> => {
      const existing = await tx.query<{ number: number }>('select number from founding_fans where user_id = $1', [
        userId,
      ]);
      if (existing.rows[0]) return existing.rows[0].number;
      const { rows } = await tx.query<{ last_number: number }>(
        'update founding_fan_counter set last_number = last_number + 1 returning last_number',
      );
      await tx.query('insert into founding_fans (user_id, number) values ($1, $2)', [userId, rows[0]!.last_number]);
      return rows[0]!.last_number;
    };
    const outcomes = await race(db, 4, (tx) => lookUpFirst(tx, 'old-order'));
    expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThan(0);
    expect(String((outcomes.find((o) => !o.ok) as { error: Error }).error.message)).toMatch(/founding_fans_pkey/);
  });
});
