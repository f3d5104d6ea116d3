import type { Queryable } from '@app/platform';

/**
 * The next founding fan number, in the caller's transaction. One counter row, locked by the update,
 * hands numbers out in payment-completion order; a rolled-back payment gives its number back, so
 * there are no gaps and no number is ever used twice.
 */
export async function assignFoundingFanNumber(db: Queryable, userId: string): Promise<number> {
  const existing = await db.query<{ number: number }>('select number from founding_fans where user_id = $1', [userId]);
  if (existing.rows[0]) return existing.rows[0].number;
  const { rows } = await db.query<{ last_number: number }>(
    'update founding_fan_counter set last_number = last_number + 1 returning last_number',
  );
  const number = rows[0]!.last_number;
  await db.query('insert into founding_fans (user_id, number) values ($1, $2)', [userId, number]);
  return number;
}
