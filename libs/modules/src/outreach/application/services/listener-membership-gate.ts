import type { EventStore } from '@app/event-store';
import type { Queryable } from '@app/platform';
import { LISTENER_MEMBERSHIP, milestoneStreamId } from '../../domain/milestones.js';

// Once open, never closed again: a process that has seen the milestone need not ask the log twice.
const seenOpen = new WeakSet<EventStore>();

/**
 * Whether the free Listener membership and Payola redemption are open: the `MilestoneReached` of the
 * Listener milestone is in the log (its stream exists). Read from the write side, not from a read model,
 * so a fan can never redeem or sign up as a Listener before the milestone while the worker lags.
 */
export async function listenerMembershipOpen(store: EventStore, db?: Queryable): Promise<boolean> {
  if (seenOpen.has(store)) return true;
  const open = (await store.streamVersion(milestoneStreamId(LISTENER_MEMBERSHIP), db)) > 0;
  if (open) seenOpen.add(store);
  return open;
}
