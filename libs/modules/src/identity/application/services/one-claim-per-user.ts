import pg from 'pg';
import { StreamVersionConflictError } from '@app/event-store';
import { userStreamId } from '../../domain/user.js';

const UNIQUE_VIOLATION = '23505';

/**
 * A user holds one email and one username (`user_id` is unique in both tables). Two changes of the
 * same user racing each other (a doubled request) collide on that column, not on the key: that is the
 * user's stream moving under the second one, so it is reported as such and the repository decides
 * again on the stream as the first change left it, instead of answering with a database error.
 */
export async function oneClaimPerUser<T>(userId: string, claim: () => Promise<T>): Promise<T> {
  try {
    return await claim();
  } catch (error) {
    if (
      error instanceof pg.DatabaseError &&
      error.code === UNIQUE_VIOLATION &&
      error.constraint?.endsWith('_user_id_key')
    ) {
      throw new StreamVersionConflictError(userStreamId(userId), 'any', -1);
    }
    throw error;
  }
}
