import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectLogger, stageEmail, type Logger } from '@app/platform';
import {
  decideChangePassword,
  UserNotFoundError,
  userFold,
  userStreamId,
  WrongPasswordError,
} from '../../../domain/user.js';
import { passwordChangedEmail } from '../../emails/account-security.emails.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { UserSessions } from '../../services/user-sessions.js';
import { ChangePassword } from './change-password.command.js';

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(UserSessions) private readonly sessions: UserSessions,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ userId, currentPassword, newPassword, sessionId, requestId }: ChangePassword): Promise<void> {
    const { state } = await this.repository.load(userStreamId(userId), userFold);
    if (!state) throw new UserNotFoundError();
    if (!(await this.hasher.verify(state.passwordHash, currentPassword))) throw new WrongPasswordError();
    const passwordHash = await this.hasher.hash(newPassword);
    const { result: outboxId } = await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (current, tx) => {
        const events = decideChangePassword(current, { checkedPasswordHash: state.passwordHash, passwordHash });
        if (!current) throw new UserNotFoundError(); // decideChangePassword refused that already
        return { events, result: await stageEmail(tx, passwordChangedEmail(current.email, current.firstName)) };
      },
      { metadata: { actingUserId: userId, requestId } },
    );
    // Whoever else is signed in (a stolen session, say) is out; this browser stays in.
    await this.sessions.endAll(userId, sessionId);
    await this.outbox.relaySoon([outboxId], this.logger);
  }
}
