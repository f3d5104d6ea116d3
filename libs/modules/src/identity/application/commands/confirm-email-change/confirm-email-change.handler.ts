import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository, StreamVersionConflictError } from '@app/event-store';
import { EmailOutbox, InjectLogger, stageEmail, type Logger } from '@app/platform';
import { decideConfirmEmailChange, EmailLinkInvalidError, userFold, userStreamId } from '../../../domain/user.js';
import { USERS_PROJECTION } from '../../../projections/users.projection.js';
import { emailChangedEmail } from '../../emails/account-security.emails.js';
import { userIdOfEmailChangeToken } from '../../email-change-token.js';
import { hashResetToken } from '../../reset-token.js';
import { EmailReservations } from '../../services/email-reservations.js';
import { ConfirmEmailChange } from './confirm-email-change.command.js';

@CommandHandler(ConfirmEmailChange)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChange> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EmailReservations) private readonly emails: EmailReservations,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ token, requestId }: ConfirmEmailChange): Promise<{ email: string }> {
    const userId = userIdOfEmailChangeToken(token);
    if (!userId) throw new EmailLinkInvalidError();
    const tokenHash = hashResetToken(token);
    let confirmed: { email: string; outboxId: string };
    try {
      ({ result: confirmed } = await this.repository.execute(
        userStreamId(userId),
        userFold,
        async (state, tx) => {
          const events = decideConfirmEmailChange(state, { tokenHash, now: new Date() });
          if (!state) throw new EmailLinkInvalidError(); // decideConfirmEmailChange refused that already
          const [
            {
              data: { email, previousEmail },
            },
          ] = events;
          // Claimed only now, with the event: two accounts confirming one address at once get it
          // for one of them and a 409 for the other (claimKey), never both.
          await this.emails.move(tx, email, userId);
          const outboxId = await stageEmail(tx, emailChangedEmail(previousEmail, state.firstName, email));
          return { events, result: { email, outboxId } };
        },
        { metadata: { actingUserId: userId, requestId }, waitFor: [USERS_PROJECTION], maxAttempts: 3 },
      ));
    } catch (error) {
      // Two uses of one link race on the stream version: the loser decides again and finds it used.
      if (error instanceof StreamVersionConflictError) throw new EmailLinkInvalidError();
      throw error;
    }
    await this.outbox.relaySoon([confirmed.outboxId], this.logger);
    return { email: confirmed.email };
  }
}
