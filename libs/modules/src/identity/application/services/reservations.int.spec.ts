import { randomUUID } from 'node:crypto';
import { StreamVersionConflictError } from '@app/event-store';
import { createTestDatabase, raceTransactions, type TestDatabase } from '@app/testing';
import { EmailTakenError } from '../../domain/user.js';
import { EmailReservations } from './email-reservations.js';
import { UsernameReservations, UsernameTakenError } from './username-reservations.js';

const N = 10;

describe('email and username reservations under concurrent transactions (READ COMMITTED)', () => {
  let db: TestDatabase;
  let emails: EmailReservations;
  let usernames: UsernameReservations;
  beforeAll(async () => {
    db = await createTestDatabase();
    emails = new EmailReservations(db.pool);
    usernames = new UsernameReservations(db.pool);
  });
  afterAll(() => db.close());

  it(`emails: of ${N} sign-ups with one address (any case) at once, exactly one account gets it`, async () => {
    const ids = Array.from({ length: N }, () => randomUUID());
    const outcomes = await raceTransactions(db.pool, N, (tx, i) =>
      emails.reserve(tx, i % 2 ? 'Race@Example.com' : ' race@example.com', ids[i]!),
    );
    const winners = outcomes.flatMap((o, i) => (o.ok ? [ids[i]] : []));
    expect(winners).toHaveLength(1);
    for (const o of outcomes) if (!o.ok) expect(o.error).toBeInstanceOf(EmailTakenError);
    expect(await emails.findUserId('RACE@example.com')).toBe(winners[0]);
  });

  it(`usernames: of ${N} users claiming one name at once, exactly one holds it`, async () => {
    const ids = Array.from({ length: N }, () => randomUUID());
    const outcomes = await raceTransactions(db.pool, N, (tx, i) => usernames.claim(tx, 'racer', ids[i]!));
    const winners = outcomes.flatMap((o, i) => (o.ok ? [ids[i]] : []));
    expect(winners).toHaveLength(1);
    for (const o of outcomes) if (!o.ok) expect(o.error).toBeInstanceOf(UsernameTakenError);
    expect(await usernames.isAvailable('racer', winners[0]!)).toBe(true);
    expect(
      await usernames.isAvailable(
        'racer',
        ids.find((id) => id !== winners[0])!,
      ),
    ).toBe(false);
  });

  it('one user sending the same username change twice at once is never told the name is taken', async () => {
    const userId = randomUUID();
    const outcomes = await raceTransactions(db.pool, 5, (tx) => usernames.claim(tx, 'doubled', userId));
    // Most claims find the name already theirs. When one is caught between the name's key and the one-name-per-
    // user key (the other claim's row is in the second index first), it is told the user's stream moved, which the
    // handler decides again: what it is never told is that the name is taken.
    for (const o of outcomes) if (!o.ok) expect(o.error).toBeInstanceOf(StreamVersionConflictError);
    expect(outcomes.some((o) => o.ok)).toBe(true);
    expect(await usernames.isAvailable('doubled', userId)).toBe(true);
  });

  it('one user changing to two names at once: one commits, the other is told the stream moved (and decides again)', async () => {
    const userId = randomUUID();
    const outcomes = await raceTransactions(db.pool, 2, (tx, i) => usernames.claim(tx, `twice_${i}`, userId));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const refused = outcomes.find((o) => !o.ok);
    expect(refused && !refused.ok && refused.error).toBeInstanceOf(StreamVersionConflictError);
    const { rows } = await db.pool.query('select count(*)::int as n from username_reservations where user_id = $1', [
      userId,
    ]);
    expect(rows[0].n).toBe(1);
  });
});
