import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectConfig, InjectLogger, stageEmail, type AppConfig, type Logger } from '@app/platform';
import { decideRequestPasswordReset, userFold, userStreamId } from '../../../domain/user.js';
import { passwordResetEmail } from '../../emails/password-reset.email.js';
import { hashResetToken, newResetToken } from '../../reset-token.js';
import { EmailReservations } from '../../services/email-reservations.js';
import { RequestPasswordReset } from './request-password-reset.command.js';

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EmailReservations) private readonly emails: EmailReservations,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ email, requestId }: RequestPasswordReset): Promise<void> {
    const userId = await this.emails.findUserId(email);
    if (!userId) return;
    const token = newResetToken();
    const tokenHash = hashResetToken(token);
    const link = new URL('/reset-password', this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    // Another append to this user's stream (a double submit, for one) can win the race: the
    // repository decides again rather than answer 409, which would tell the caller the account exists.
    const { result: outboxId } = await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (state, tx) => {
        const events = decideRequestPasswordReset(state, { tokenHash, now: new Date() });
        const requested = events[0];
        if (!state || requested?.type !== 'PasswordResetRequested') return { events: [], result: null };
        // The email is staged with the event: a reset is recorded if and only if its email will go out.
        await tx.query('insert into password_reset_tokens (token_hash, user_id, expires_at) values ($1, $2, $3)', [
          tokenHash,
          userId,
          requested.data.expiresAt,
        ]);
        const staged = await stageEmail(tx, passwordResetEmail(state.email, state.firstName, link.toString()));
        return { events, result: staged };
      },
      { metadata: { actingUserId: userId, requestId }, maxAttempts: 3 },
    );
    if (outboxId !== null) await this.outbox.relaySoon([outboxId], this.logger);
  }
}
