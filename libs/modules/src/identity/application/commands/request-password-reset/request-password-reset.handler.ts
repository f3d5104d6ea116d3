import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import {
  EmailOutbox,
  InjectConfig,
  InjectLogger,
  InjectPool,
  stageEmail,
  withTransaction,
  type AppConfig,
  type Logger,
  type Pool,
  type Queryable,
} from '@app/platform';
import { decideRequestPasswordReset, rebuild, userFold, userStreamId, type UserState } from '../../../domain/user.js';
import { passwordResetEmail } from '../../emails/password-reset.email.js';
import { hashResetToken, newResetToken } from '../../reset-token.js';
import { EmailReservations } from '../../services/email-reservations.js';
import { RequestPasswordReset } from './request-password-reset.command.js';

/**
 * Answers the same, in the same time, whether or not the email has an account. Returning early for an
 * unknown one answered in a sixth of the time and told anyone which addresses are members. So an
 * unknown email rehearses the whole request for a decoy account (token, event append, staged email)
 * inside a savepoint that is rolled back before the commit: the same statements, nothing kept, nothing
 * sent. The rate limits (per address, per email) count both alike.
 */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EmailReservations) private readonly emails: EmailReservations,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ email, requestId }: RequestPasswordReset): Promise<void> {
    const userId = await this.emails.findUserId(email);
    const token = newResetToken();
    const tokenHash = hashResetToken(token);
    const link = new URL('/reset-password', this.config.PUBLIC_URL);
    link.searchParams.set('token', token);

    const decide = (accountId: string, decoy: UserState | null) => async (state: UserState | null, tx: Queryable) => {
      const user = state ?? decoy;
      const events = decideRequestPasswordReset(user, { tokenHash, now: new Date() });
      const requested = events[0];
      if (!user || requested?.type !== 'PasswordResetRequested') return { events: [], result: null };
      // The email is staged with the event: a reset is recorded if and only if its email will go out.
      await tx.query('insert into password_reset_tokens (token_hash, user_id, expires_at) values ($1, $2, $3)', [
        tokenHash,
        accountId,
        requested.data.expiresAt,
      ]);
      const staged = await stageEmail(tx, passwordResetEmail(user.email, user.firstName, link.toString()));
      return { events, result: staged };
    };

    if (!userId) {
      const decoyId = randomUUID();
      await withTransaction(this.pool, async (tx) => {
        await tx.query('savepoint rehearsal');
        await this.repository.execute(userStreamId(decoyId), userFold, decide(decoyId, decoyAccount(decoyId, email)), {
          client: tx,
        });
        await tx.query('rollback to savepoint rehearsal');
      });
      await this.outbox.relaySoon([], this.logger);
      return;
    }
    // Another append to this user's stream (a double submit, for one) can win the race: the
    // repository decides again rather than answer 409, which would tell the caller the account exists.
    const { result: outboxId } = await this.repository.execute(userStreamId(userId), userFold, decide(userId, null), {
      metadata: { actingUserId: userId, requestId },
      maxAttempts: 3,
    });
    await this.outbox.relaySoon(outboxId === null ? [] : [outboxId], this.logger);
  }
}

/** A stand-in account for an email nobody has; it is never stored. */
function decoyAccount(userId: string, email: string): UserState | null {
  return rebuild([
    {
      type: 'AccountCreated',
      data: { userId, email, firstName: '', lastName: '', role: 'fan', zipCode: '', passwordHash: '' },
    },
  ]);
}
