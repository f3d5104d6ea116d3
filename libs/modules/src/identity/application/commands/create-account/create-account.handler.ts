import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { decideCreateAccount, userFold, userStreamId } from '../../../domain/user.js';
import { USERS_PROJECTION } from '../../../projections/users.projection.js';
import { EmailReservations } from '../../services/email-reservations.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { CreateAccount } from './create-account.command.js';

@CommandHandler(CreateAccount)
export class CreateAccountHandler implements ICommandHandler<CreateAccount> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EmailReservations) private readonly emails: EmailReservations,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ input, requestId }: CreateAccount): Promise<{ userId: string }> {
    const userId = randomUUID();
    const passwordHash = await this.hasher.hash(input.password);
    await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (state, tx) => {
        // The email reservation and the AccountCreated event commit together or not at all.
        await this.emails.reserve(tx, input.email, userId);
        const events = decideCreateAccount(state, {
          userId,
          email: input.email.trim(),
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          zipCode: input.zipCode,
          passwordHash,
        });
        return { events, result: undefined };
      },
      { metadata: { actingUserId: userId, requestId }, waitFor: [USERS_PROJECTION], waitTimeoutMs: 2000 },
    );
    return { userId };
  }
}
