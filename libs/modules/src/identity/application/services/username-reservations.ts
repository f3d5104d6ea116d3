import { Injectable } from '@nestjs/common';
import { PROFILE_MESSAGES } from '@app/contracts';
import { DomainError } from '@app/domain';
import { InjectPool, type Pool, type Queryable } from '@app/platform';

const UNIQUE_VIOLATION = '23505';

export class UsernameTakenError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(PROFILE_MESSAGES.usernameTaken);
  }
}

/**
 * One owner per username: the claim is a row inserted in the transaction that appends UsernameChanged
 * (a concurrent claim of the same name fails on the primary key, so exactly one wins), and the user's
 * previous name is deleted with it, so it is free again once the change commits.
 */
@Injectable()
export class UsernameReservations {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async isAvailable(username: string, userId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from username_reservations where username = $1',
      [username],
    );
    return !rows[0] || rows[0].user_id === userId;
  }

  async claim(tx: Queryable, username: string, userId: string): Promise<void> {
    await tx.query('delete from username_reservations where user_id = $1', [userId]);
    try {
      await tx.query('insert into username_reservations (username, user_id) values ($1, $2)', [username, userId]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new UsernameTakenError();
      throw error;
    }
  }
}
