import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PROFILE_MESSAGES } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectConfig, InjectLogger, stageEmail, type AppConfig, type Logger } from '@app/platform';
import {
  decideRequestEmailChange,
  UserNotFoundError,
  userFold,
  userStreamId,
  WrongPasswordError,
} from '../../../domain/user.js';
import { confirmNewEmailEmail, emailChangeRequestedEmail } from '../../emails/account-security.emails.js';
import { newEmailChangeToken } from '../../email-change-token.js';
import { hashResetToken } from '../../reset-token.js';
import { EmailReservations } from '../../services/email-reservations.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { RequestEmailChange } from './request-email-change.command.js';

/**
 * Records the request and stages two emails with it: the link to the new address, and a notice to the
 * current one (a stolen session plus the password could otherwise move the account unseen). The new
 * address is not reserved yet: ConfirmEmailChange claims it when the link is used.
 */
@CommandHandler(RequestEmailChange)
export class RequestEmailChangeHandler implements ICommandHandler<RequestEmailChange> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EmailReservations) private readonly emails: EmailReservations,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ userId, email, currentPassword, requestId }: RequestEmailChange) {
    const { state } = await this.repository.load(userStreamId(userId), userFold);
    if (!state) throw new UserNotFoundError();
    if (!(await this.hasher.verify(state.passwordHash, currentPassword))) throw new WrongPasswordError();
    const token = newEmailChangeToken(userId);
    const link = new URL('/confirm-email', this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    const { result } = await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (current, tx) => {
        const events = decideRequestEmailChange(current, {
          email,
          tokenHash: hashResetToken(token),
          checkedPasswordHash: state.passwordHash,
          now: new Date(),
        });
        const holder = await this.emails.findUserId(email, tx);
        if (holder && holder !== userId) throw new RefusedError('conflict', PROFILE_MESSAGES.emailTaken);
        if (!current) throw new UserNotFoundError(); // decideRequestEmailChange refused that already
        const { firstName, email: currentEmail } = current;
        const pendingEmail = email.trim();
        const outboxIds = [
          await stageEmail(tx, confirmNewEmailEmail(pendingEmail, firstName, link.toString())),
          await stageEmail(tx, emailChangeRequestedEmail(currentEmail, firstName, pendingEmail)),
        ];
        return { events, result: { pendingEmail, currentEmail, outboxIds } };
      },
      { metadata: { actingUserId: userId, requestId } },
    );
    await this.outbox.relaySoon(result.outboxIds, this.logger);
    return { pendingEmail: result.pendingEmail, currentEmail: result.currentEmail };
  }
}
