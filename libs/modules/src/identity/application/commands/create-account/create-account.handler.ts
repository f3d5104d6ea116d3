import { randomUUID } from 'node:crypto';
import { ConflictException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { ProjectionWaiter } from '@app/event-store';
import { InjectPool, withTransaction, type Pool } from '@app/platform';
import { normalizeEmail } from '../../../domain/user.js';
import { USERS_PROJECTION } from '../../../projections/users.projection.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { UserRepository } from '../../services/user-repository.js';
import { CreateAccount } from './create-account.command.js';

const UNIQUE_VIOLATION = '23505';

@CommandHandler(CreateAccount)
export class CreateAccountHandler implements ICommandHandler<CreateAccount> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
  ) {}

  async execute({ input, requestId }: CreateAccount): Promise<{ userId: string }> {
    const userId = randomUUID();
    const passwordHash = await this.hasher.hash(input.password);
    // The email reservation and the AccountCreated event commit together or not at all.
    const result = await withTransaction(this.pool, async (client) => {
      try {
        await client.query('insert into email_reservations (email_normalized, user_id) values ($1, $2)', [
          normalizeEmail(input.email),
          userId,
        ]);
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION)
          throw new ConflictException(ACCOUNT_MESSAGES.emailTaken);
        throw error;
      }
      return this.users.append(
        userId,
        'no_stream',
        [
          {
            type: 'AccountCreated',
            data: {
              userId,
              email: input.email.trim(),
              firstName: input.firstName,
              lastName: input.lastName,
              role: input.role,
              zipCode: input.zipCode,
              passwordHash,
            },
          },
        ],
        { actingUserId: userId, requestId },
        client,
      );
    });
    this.users.notifyAppended(result);
    await this.waiter.waitFor(result.position, [USERS_PROJECTION], 2000);
    return { userId };
  }
}
