import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ACCOUNT_DELETION_MESSAGES, personalDataSubjectOfEmail, type EventOfType } from '@app/contracts';
import { DomainError } from '@app/domain';
import { destroyPersonalDataKeys, EventSourcedRepository, EventStore } from '@app/event-store';
import { dropStagedEmailsTo, type Queryable } from '@app/platform';
import { normalizeEmail, userFold, userStreamId } from '../../../domain/user.js';
import { PasswordHasher } from '../../services/password-hasher.js';
import { UserSessions } from '../../services/user-sessions.js';
import { EraseAccount } from './erase-account.command.js';

export class AccountDeletionPasswordWrongError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(ACCOUNT_DELETION_MESSAGES.passwordWrong);
  }
}

export class AccountAlreadyErasedError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(ACCOUNT_DELETION_MESSAGES.alreadyDeleted);
  }
}

/** Every address the account ever used or asked for: its waitlist and contact data are keyed by them. */
async function addressesOf(store: EventStore, tx: Queryable, userId: string): Promise<string[]> {
  const events = await store.readStream<EventOfType<'AccountCreated' | 'EmailChanged' | 'EmailChangeRequested'>>(
    userStreamId(userId),
    tx,
    ['AccountCreated', 'EmailChanged', 'EmailChangeRequested'],
  );
  const addresses = new Set<string>();
  for (const event of events) {
    addresses.add(normalizeEmail(event.data.email));
    if (event.type === 'EmailChanged') addresses.add(normalizeEmail(event.data.previousEmail));
  }
  addresses.delete('');
  return [...addresses];
}

/**
 * Erasure (crypto-shredding). In one transaction: the member's data key is destroyed (and the keys of
 * what their addresses sent without an account: waitlist, contact form), their email and username are
 * free again, emails not yet handed to the mail queue are dropped, and MemberErased is recorded. From
 * that commit on, every personal field of theirs in the log reads as its redacted value. Then every
 * session of theirs ends; each module scrubs its read models on MemberErased, and media deletes their
 * objects in storage (a reactor, retried until done).
 */
@CommandHandler(EraseAccount)
export class EraseAccountHandler implements ICommandHandler<EraseAccount> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(UserSessions) private readonly sessions: UserSessions,
  ) {}

  async execute({ userId, password, requestId }: EraseAccount): Promise<void> {
    const { state } = await this.repository.load(userStreamId(userId), userFold);
    // A signed-in member without an account: another request erased it a moment ago.
    if (!state) throw new AccountAlreadyErasedError();
    if (!(await this.hasher.verify(state.passwordHash, password))) throw new AccountDeletionPasswordWrongError();
    await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (current, tx) => {
        if (!current) throw new AccountAlreadyErasedError();
        const addresses = await addressesOf(this.store, tx, userId);
        // The key first, then the append: the same order as every append that seals data for this member.
        await destroyPersonalDataKeys(tx, { erased: [userId], forgotten: addresses.map(personalDataSubjectOfEmail) });
        await tx.query('delete from email_reservations where user_id = $1', [userId]);
        await tx.query('delete from username_reservations where user_id = $1', [userId]);
        await dropStagedEmailsTo(tx, addresses);
        return { events: [{ type: 'MemberErased' as const, data: { userId } }], result: undefined };
      },
      { metadata: { actingUserId: userId, requestId } },
    );
    await this.sessions.endAll(userId);
  }
}
