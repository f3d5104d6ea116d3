import { Injectable } from '@nestjs/common';
import { PROFILE_MESSAGES } from '@app/contracts';
import { DomainError, isReservedUsername } from '@app/domain';
import { claimKey, InjectPool, type Pool, type Queryable } from '@app/platform';
import { oneClaimPerUser } from './one-claim-per-user.js';

const USERNAMES = { table: 'username_reservations', keyColumn: 'username', holderColumn: 'user_id' };

export class UsernameTakenError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(PROFILE_MESSAGES.usernameTaken);
  }
}

/**
 * One owner per username: the claim is a row inserted in the transaction that appends UsernameChanged
 * (claimKey: of concurrent claims of one name exactly one wins, the others learn who holds it), and the user's
 * previous name is deleted with it, so it is free again once the change commits.
 */
@Injectable()
export class UsernameReservations {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async isAvailable(username: string, userId: string): Promise<boolean> {
    // A reserved name (admin, payola_support, login...) is never available: it reads as taken.
    if (isReservedUsername(username)) return false;
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from username_reservations where username = $1',
      [username],
    );
    return !rows[0] || rows[0].user_id === userId;
  }

  async claim(tx: Queryable, username: string, userId: string): Promise<void> {
    if (isReservedUsername(username)) throw new UsernameTakenError();
    await tx.query('delete from username_reservations where user_id = $1', [userId]);
    const holder = await oneClaimPerUser(userId, () => claimKey(tx, USERNAMES, username, userId));
    if (holder !== userId) throw new UsernameTakenError();
  }
}
