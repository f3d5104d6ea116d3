import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { userFold, userStreamId } from '../../../domain/user.js';
import { EmailReservations } from '../../services/email-reservations.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { CheckCredentials, type SessionUser } from './check-credentials.query.js';

/** Unknown emails and wrong passwords take the same path and time. */
@QueryHandler(CheckCredentials)
export class CheckCredentialsHandler implements IQueryHandler<CheckCredentials> {
  constructor(
    @Inject(EmailReservations) private readonly emails: EmailReservations,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email, password }: CheckCredentials): Promise<SessionUser | null> {
    const userId = await this.emails.findUserId(email);
    const state = userId ? (await this.repository.load(userStreamId(userId), userFold)).state : null;
    const ok = await this.hasher.verify(state?.passwordHash ?? null, password);
    return ok && state ? { id: state.id } : null;
  }
}
