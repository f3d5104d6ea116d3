import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectConfig, InjectLogger, stageEmail, type AppConfig, type Logger } from '@app/platform';
import { decideResendSignUpConfirmation, userFold, userStreamId } from '../../../domain/user.js';
import { confirmSignUpEmail } from '../../emails/account-security.emails.js';
import { newEmailChangeToken } from '../../email-change-token.js';
import { hashResetToken } from '../../reset-token.js';
import { ResendSignUpConfirmation } from './resend-sign-up-confirmation.command.js';

@CommandHandler(ResendSignUpConfirmation)
export class ResendSignUpConfirmationHandler implements ICommandHandler<ResendSignUpConfirmation> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ userId, requestId }: ResendSignUpConfirmation): Promise<{ sent: boolean }> {
    const token = newEmailChangeToken(userId);
    const { result: outboxId } = await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (state, tx) => {
        const events = decideResendSignUpConfirmation(state, { tokenHash: hashResetToken(token), now: new Date() });
        if (events.length === 0 || !state) return { events, result: null };
        const link = new URL('/confirm-sign-up', this.config.PUBLIC_URL);
        link.searchParams.set('token', token);
        return {
          events,
          result: await stageEmail(tx, confirmSignUpEmail(state.email, state.firstName, link.toString())),
        };
      },
      { metadata: { actingUserId: userId, requestId } },
    );
    if (outboxId === null) return { sent: false };
    await this.outbox.relaySoon([outboxId], this.logger);
    return { sent: true };
  }
}
