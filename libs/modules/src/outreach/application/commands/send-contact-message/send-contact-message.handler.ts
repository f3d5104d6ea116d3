import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectConfig, InjectLogger, stageEmail, type AppConfig, type Logger } from '@app/platform';
import { contactMessageFold, contactStreamId, decideSendContactMessage } from '../../../domain/contact-message.js';
import { contactConfirmationEmail, contactForwardEmail } from '../../emails/outreach.emails.js';
import { HumanCheck } from '../../services/human-check.js';
import { SendContactMessage } from './send-contact-message.command.js';

@CommandHandler(SendContactMessage)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessage> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(HumanCheck) private readonly humanCheck: HumanCheck,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ message, remoteIp, requestId }: SendContactMessage): Promise<void> {
    await this.humanCheck.verify(message.recaptchaToken, remoteIp);
    const { recaptchaToken: _token, ...fields } = message;
    const messageId = randomUUID();
    const { result: outboxIds } = await this.repository.execute(
      contactStreamId(messageId),
      contactMessageFold,
      async (state, tx) => {
        const events = decideSendContactMessage(state, { messageId, ...fields });
        // The message is on file if and only if both emails will go out.
        const staged = [
          await stageEmail(tx, contactForwardEmail(this.config.SUPPORT_EMAIL, message)),
          await stageEmail(tx, contactConfirmationEmail(message)),
        ];
        return { events, result: staged };
      },
      { metadata: { requestId }, maxAttempts: 1 },
    );
    await this.outbox.relaySoon(outboxIds, this.logger);
  }
}
