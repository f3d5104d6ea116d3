import { createHash } from 'node:crypto';
import type { EventOfType, EventPayload } from '@app/contracts';

export const WAITLIST_EVENT_TYPES = ['WaitlistJoined'] as const;
export type WaitlistEvent = EventOfType<(typeof WAITLIST_EVENT_TYPES)[number]>;

export interface WaitlistState {
  joined: boolean;
}

/** Addresses compare case-insensitively and without surrounding spaces. */
export function waitlistEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * One stream per address, named by its hash (the address itself stays out of stream ids): the
 * stream's 'no stream' append is what makes a second sign-up of the same address a no-op.
 */
export function waitlistStreamId(email: string): string {
  return `waitlist-${createHash('sha256').update(waitlistEmailKey(email)).digest('hex')}`;
}

export const waitlistFold = {
  eventTypes: WAITLIST_EVENT_TYPES,
  initialState: (): WaitlistState => ({ joined: false }),
  evolve: (_state: WaitlistState, _event: WaitlistEvent): WaitlistState => ({ joined: true }),
};

/**
 * An address joins once. Joining again changes nothing, and the caller answers exactly as for a
 * first sign-up, so the form never tells anyone who is on the list.
 */
export function decideJoinWaitlist(state: WaitlistState, entry: EventPayload<'WaitlistJoined'>): WaitlistEvent[] {
  if (state.joined) return [];
  return [{ type: 'WaitlistJoined', data: entry }];
}
