import { Injectable } from '@nestjs/common';
import { PROFILE_MESSAGES } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { claimKey, InjectPool, type Pool, type Queryable } from '@app/platform';
import { EmailTakenError, normalizeEmail } from '../../domain/user.js';
import { oneClaimPerUser } from './one-claim-per-user.js';

const EMAILS = { table: 'email_reservations', keyColumn: 'email_normalized', holderColumn: 'user_id' };

/**
 * One account per email, case-insensitively: a row per email, inserted in the transaction that
 * appends AccountCreated, so a second sign-up is refused and never half-written, however the two
 * requests interleave (claimKey).
 */
@Injectable()
export class EmailReservations {
  constructor(@InjectPool() private readonly pool: Pool) {}

  findUserId(email: string, db: Queryable = this.pool): Promise<string | null> {
    return findUserIdByEmail(db, email);
  }

  async reserve(tx: Queryable, email: string, userId: string): Promise<void> {
    const holder = await oneClaimPerUser(userId, () => claimKey(tx, EMAILS, normalizeEmail(email), userId));
    if (holder !== userId) throw new EmailTakenError();
  }

  /** A new sign-in email: the new address is reserved and the old one released in the caller's transaction. */
  async move(tx: Queryable, email: string, userId: string): Promise<void> {
    await tx.query('delete from email_reservations where user_id = $1', [userId]);
    try {
      await this.reserve(tx, email, userId);
    } catch (error) {
      // The sign-up message suggests logging in; someone changing their email needs another address.
      if (error instanceof EmailTakenError) throw new RefusedError('conflict', PROFILE_MESSAGES.emailTaken);
      throw error;
    }
  }
}

/**
 * The account an email signs in, case-insensitively, or null. Exported for what runs outside the api's
 * Nest container (the ops CLI's operator grant), which must not read identity's table itself.
 */
export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    'select user_id from email_reservations where email_normalized = $1',
    [normalizeEmail(email)],
  );
  return rows[0]?.user_id ?? null;
}
