import type { EventStore } from '@app/event-store';
import type { EventOfType } from '@app/contracts';
import type { Queryable } from '@app/platform';
import { userStreamId } from '../../../domain/user.js';
import type { Account } from './get-account.query.js';

/**
 * Reads the account from the write side (the user's stream), so it is there the moment the
 * account is created. Other modules ask through the GetAccount query.
 */
export async function loadAccount(store: EventStore, userId: string, db?: Queryable): Promise<Account | null> {
  const [created] = await store.readStream<EventOfType<'AccountCreated'>>(userStreamId(userId), db, ['AccountCreated']);
  if (!created) return null;
  const { email, firstName, lastName, role } = created.data;
  return { id: userId, email, firstName, lastName, role };
}
