import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectConfig, InjectLogger, stageEmail, type AppConfig, type Logger } from '@app/platform';
import { AdmitListener } from '../../../../outreach/queries.js';
import { decideCreateAccount, userFold, userStreamId } from '../../../domain/user.js';
import { USERS_PROJECTION } from '../../../projections/users.projection.js';
import { confirmSignUpEmail } from '../../emails/account-security.emails.js';
import { newEmailChangeToken } from '../../email-change-token.js';
import { hashResetToken } from '../../reset-token.js';
import { EmailReservations } from '../../services/email-reservations.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { CreateAccount } from './create-account.command.js';

@CommandHandler(CreateAccount)
export class CreateAccountHandler implements ICommandHandler<CreateAccount> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EmailReservations) private readonly emails: EmailReservations,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({
    input,
    requestId,
    remoteIp,
  }: CreateAccount): Promise<{ userId: string; confirmationSentTo?: string }> {
    const listener = input.role === 'listener';
    // Outreach decides whether the free membership is open and checks the captcha (a 403 or 400 before anything is written).
    if (listener) await this.commands.execute(new AdmitListener(input.recaptchaToken, remoteIp));
    const userId = randomUUID();
    const passwordHash = await this.hasher.hash(input.password);
    const email = input.email.trim();
    // The link's token names the user's stream, like an email change's; only its hash is kept.
    const token = listener ? newEmailChangeToken(userId) : null;
    const { result: outboxId } = await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (state, tx) => {
        // The email reservation and the AccountCreated event commit together or not at all.
        await this.emails.reserve(tx, input.email, userId);
        const events = decideCreateAccount(
          state,
          {
            userId,
            email,
            firstName: input.firstName,
            lastName: input.lastName,
            role: input.role,
            zipCode: input.zipCode,
            passwordHash,
          },
          token ? { tokenHash: hashResetToken(token), now: new Date() } : undefined,
        );
        if (input.genres?.length) events.push({ type: 'ProfileUpdated', data: { userId, genres: input.genres } });
        if (!token) return { events, result: null };
        const link = new URL('/confirm-sign-up', this.config.PUBLIC_URL);
        link.searchParams.set('token', token);
        return { events, result: await stageEmail(tx, confirmSignUpEmail(email, input.firstName, link.toString())) };
      },
      { metadata: { actingUserId: userId, requestId }, waitFor: [USERS_PROJECTION], waitTimeoutMs: 2000 },
    );
    if (outboxId === null) return { userId };
    await this.outbox.relaySoon([outboxId], this.logger);
    return { userId, confirmationSentTo: email };
  }
}
