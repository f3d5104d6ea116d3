import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository, StreamVersionConflictError } from '@app/event-store';
import { decideConfirmSignUpEmail, EmailLinkInvalidError, userFold, userStreamId } from '../../../domain/user.js';
import { USERS_PROJECTION } from '../../../projections/users.projection.js';
import { userIdOfEmailChangeToken } from '../../email-change-token.js';
import { hashResetToken } from '../../reset-token.js';
import { ConfirmSignUpEmail } from './confirm-sign-up-email.command.js';

@CommandHandler(ConfirmSignUpEmail)
export class ConfirmSignUpEmailHandler implements ICommandHandler<ConfirmSignUpEmail> {
  constructor(@Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository) {}

  async execute({ token, requestId }: ConfirmSignUpEmail): Promise<{ email: string }> {
    const userId = userIdOfEmailChangeToken(token);
    if (!userId) throw new EmailLinkInvalidError();
    const tokenHash = hashResetToken(token);
    try {
      const { result } = await this.repository.execute(
        userStreamId(userId),
        userFold,
        (state) => ({
          events: decideConfirmSignUpEmail(state, { tokenHash, now: new Date() }),
          result: state?.email ?? '',
        }),
        { metadata: { actingUserId: userId, requestId }, waitFor: [USERS_PROJECTION], maxAttempts: 3 },
      );
      return { email: result };
    } catch (error) {
      // Many uses of one link at once race on the stream version: a loser that runs out of attempts is told the link is spent.
      if (error instanceof StreamVersionConflictError) throw new EmailLinkInvalidError();
      throw error;
    }
  }
}
