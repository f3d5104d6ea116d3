import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository, StreamVersionConflictError } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { decideResetPassword, ResetLinkInvalidError, userFold, userStreamId } from '../../../domain/user.js';
import { hashResetToken } from '../../reset-token.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { UserSessions } from '../../services/user-sessions.js';
import { ResetPassword } from './reset-password.command.js';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(UserSessions) private readonly sessions: UserSessions,
  ) {}

  async execute({ token, password, requestId }: ResetPassword): Promise<{ userId: string }> {
    const tokenHash = hashResetToken(token);
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from password_reset_tokens where token_hash = $1',
      [tokenHash],
    );
    const userId = rows[0]?.user_id;
    if (!userId) throw new ResetLinkInvalidError();
    const passwordHash = await this.hasher.hash(password);
    // Two uses of one link race on the stream version: the loser decides again and finds the link
    // used. Any other append to the stream in between (a new reset request) must not refuse the link.
    try {
      await this.repository.execute(
        userStreamId(userId),
        userFold,
        (state) => ({ events: decideResetPassword(state, { tokenHash, passwordHash, now: new Date() }), result: null }),
        { metadata: { actingUserId: userId, requestId }, maxAttempts: 3 },
      );
    } catch (error) {
      if (error instanceof StreamVersionConflictError) throw new ResetLinkInvalidError();
      throw error;
    }
    // A new password signs the account out everywhere.
    await this.sessions.endAll(userId);
    return { userId };
  }
}
