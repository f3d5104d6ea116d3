import { singleRow, type Queryable } from '@app/platform';

/**
 * The user's founding fan number, in the caller's transaction: the one they already have, else the
 * next. One counter row hands numbers out in payment-completion order; a rolled-back payment gives its
 * number back, so there are no gaps and no number is ever used twice.
 *
 * The counter row is locked before the user's number is looked up. Two payments of the same user at
 * once then take turns: the second waits for the lock until the first commits, and its look-up, a new
 * statement under READ COMMITTED, sees the number the first committed. Looking up first would let both
 * see none, both draw a number, and the second fail on the user's unique key.
 */
export async function assignFoundingFanNumber(db: Queryable, userId: string): Promise<number> {
  await db.query('select last_number from founding_fan_counter for update');
  const existing = await db.query<{ number: number }>('select number from founding_fans where user_id = $1', [userId]);
  if (existing.rows[0]) return existing.rows[0].number;
  const { rows } = await db.query<{ last_number: number }>(
    'update founding_fan_counter set last_number = last_number + 1 returning last_number',
  );
  const number = singleRow(rows).last_number;
  await db.query('insert into founding_fans (user_id, number) values ($1, $2)', [userId, number]);
  return number;
}

/** The member holding a founding fan number (the operators' console finds members by it), or null. */
export async function findUserIdByFanNumber(db: Queryable, fanNumber: number): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>('select user_id from founding_fans where number = $1', [
    fanNumber,
  ]);
  return rows[0]?.user_id ?? null;
}

/** The member's founding fan number, or null before their payment completed. */
export async function fanNumberOf(db: Queryable, userId: string): Promise<number | null> {
  const { rows } = await db.query<{ number: number }>('select number from founding_fans where user_id = $1', [userId]);
  return rows[0]?.number ?? null;
}

/** Several members' founding fan numbers in one statement (an entry's edit history names its editors so). */
export async function fanNumbersOf(db: Queryable, userIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ user_id: string; number: number }>(
    'select user_id, number from founding_fans where user_id = any($1::text[])',
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, row.number]));
}
