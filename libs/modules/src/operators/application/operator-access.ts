import { DomainError } from '@app/domain';
import { decideAndAppend, type EventStore } from '@app/event-store';
import { withTransaction, type Pool } from '@app/platform';
import { findUserIdByEmail } from '../../identity/index.js';
import {
  decideGrant,
  decideRevoke,
  operatorFold,
  operatorStreamId,
  OperatorCommandRefusedError,
} from '../domain/operator.js';

export interface OperatorChange {
  userId: string;
  email: string;
}

/** The email names no account: nothing was recorded. */
export class UnknownOperatorEmailError extends DomainError {
  readonly kind = 'not-found';
}

/**
 * Grants or revokes console access: the ops CLI's `operator grant|revoke <email>`, never a web route,
 * so only someone with the database's credentials can make an operator. The decision and the append
 * (and, for a revoke, forgetting the second factor) share one transaction: a revoke that committed left
 * no secret or recovery code behind, and a concurrent grant is decided again on the new version.
 */
export async function changeOperator(
  pool: Pool,
  store: EventStore,
  change: 'grant' | 'revoke',
  email: string,
  reason: string,
): Promise<OperatorChange> {
  const userId = await findUserIdByEmail(pool, email);
  if (!userId) throw new UnknownOperatorEmailError(`No account signs in with ${email}; nothing changed.`);
  const decide = change === 'grant' ? decideGrant : decideRevoke;
  try {
    const executed = await withTransaction(pool, async (tx) => {
      const result = await decideAndAppend(store, tx, operatorStreamId(userId), operatorFold, (state) => ({
        events: decide(state, userId, reason),
        result: null,
      }));
      if (change === 'revoke') {
        await tx.query('delete from operator_second_factors where user_id = $1', [userId]);
        await tx.query('delete from operator_recovery_codes where user_id = $1', [userId]);
      }
      return result;
    });
    if (executed.appended) store.notifyAppended(executed.appended);
  } catch (error) {
    // The decision's refusal names no one; the CLI's message names the account it was about.
    if (error instanceof OperatorCommandRefusedError)
      throw new OperatorCommandRefusedError(`${email} ${error.message}`);
    throw error;
  }
  return { userId, email };
}
