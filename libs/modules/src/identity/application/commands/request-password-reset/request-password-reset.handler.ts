import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamVersionConflictError } from '@app/event-store';
import {
  EmailOutbox,
  InjectConfig,
  InjectLogger,
  InjectPool,
  stageEmail,
  withTransaction,
  type AppConfig,
  type Logger,
  type Pool,
} from '@app/platform';
import { decideRequestPasswordReset } from '../../../domain/user.js';
import { passwordResetEmail } from '../../emails/password-reset.email.js';
import { hashResetToken, newResetToken } from '../../reset-token.js';
import { UserRepository } from '../../services/user-repository.js';
import { RequestPasswordReset } from './request-password-reset.command.js';

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectConfig() private readonly config: AppConfig,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ email, requestId }: RequestPasswordReset): Promise<void> {
    const userId = await this.users.findUserIdByEmail(email);
    if (!userId) return;
    // Another append to this user's stream (a double submit, for one) can win the race: decide again
    // rather than answer 409, which would also tell the caller that the account exists.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.requestReset(userId, requestId);
      } catch (error) {
        if (!(error instanceof StreamVersionConflictError) || attempt === 3) throw error;
      }
    }
  }

  private async requestReset(userId: string, requestId: string | undefined): Promise<void> {
    const { state, version } = await this.users.load(userId);
    const token = newResetToken();
    const tokenHash = hashResetToken(token);
    const events = decideRequestPasswordReset(state, { tokenHash, now: new Date() });
    if (!state || events.length === 0) return;
    const link = new URL('/reset-password', this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    // The email is staged with the event: a reset is recorded if and only if its email will go out.
    const { result, outboxId } = await withTransaction(this.pool, async (client) => {
      const expiresAt = events[0]!.type === 'PasswordResetRequested' ? events[0]!.data.expiresAt : null;
      await client.query('insert into password_reset_tokens (token_hash, user_id, expires_at) values ($1, $2, $3)', [
        tokenHash,
        userId,
        expiresAt,
      ]);
      const outboxId = await stageEmail(client, passwordResetEmail(state.email, state.firstName, link.toString()));
      const result = await this.users.append(userId, version, events, { actingUserId: userId, requestId }, client);
      return { result, outboxId };
    });
    this.users.notifyAppended(result);
    await this.outbox.relaySoon([outboxId], this.logger);
  }
}
