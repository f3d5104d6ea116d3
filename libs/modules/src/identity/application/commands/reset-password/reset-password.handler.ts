import { BadRequestException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { StreamVersionConflictError } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { decideResetPassword, ResetLinkInvalidError } from '../../../domain/user.js';
import { hashResetToken } from '../../reset-token.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { UserRepository } from '../../services/user-repository.js';
import { ResetPassword } from './reset-password.command.js';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ token, password, requestId }: ResetPassword): Promise<{ userId: string }> {
    const tokenHash = hashResetToken(token);
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from password_reset_tokens where token_hash = $1',
      [tokenHash],
    );
    const userId = rows[0]?.user_id;
    if (!userId) throw new BadRequestException(ACCOUNT_MESSAGES.resetLinkInvalid);
    const passwordHash = await this.hasher.hash(password);
    // Two uses of one link race on the stream version: the loser decides again and finds the link
    // used. Any other append to the stream in between (a new reset request) must not refuse the link.
    for (let attempt = 1; ; attempt++) {
      try {
        const { state, version } = await this.users.load(userId);
        const events = decideResetPassword(state, { tokenHash, passwordHash, now: new Date() });
        await this.users.append(userId, version, events, { actingUserId: userId, requestId });
        break;
      } catch (error) {
        if (error instanceof StreamVersionConflictError && attempt < 3) continue;
        if (error instanceof ResetLinkInvalidError || error instanceof StreamVersionConflictError) {
          throw new BadRequestException(ACCOUNT_MESSAGES.resetLinkInvalid);
        }
        throw error;
      }
    }
    // A new password signs the account out everywhere.
    await this.pool.query(`delete from session where (sess::jsonb #>> '{passport,user}') = $1`, [userId]);
    return { userId };
  }
}
