import type { EventOfType, TRole, TVeriffStatus } from '@app/contracts';

/**
 * The events that decide what the user may do: who they are, whether the membership payment
 * completed, and the identity check. Membership writes most of them; identity reads them here (as its
 * users projection does) so that permissions never wait for a projection.
 */
export const STANDING_EVENT_TYPES = [
  'AccountCreated',
  'SignUpEmailConfirmed',
  'PaymentCompleted',
  'KycSessionStarted',
  'KycApproved',
  'KycDeclined',
  'KycExpired',
  'MemberSuspended',
  'MemberSuspensionLifted',
] as const;
export type StandingEvent = EventOfType<(typeof STANDING_EVENT_TYPES)[number]>;

/**
 * The streams those events are on: identity's own, and membership's payment and identity check
 * (membership's paymentStreamId and kycStreamId; each owner writes its own stream, ADR 0004). The
 * payment's and the check's events from before the split are on the user's stream.
 */
export function standingStreamIds(userId: string): string[] {
  return [`user-${userId}`, `payment-${userId}`, `identity-check-${userId}`];
}

/** A user's standing as the write side knows it the moment an append commits. */
export interface Standing {
  role: TRole;
  paymentCompleted: boolean;
  foundingFanNumber: number | null;
  /** Identity check approved (an approval is never undone). */
  verified: boolean;
  kycCompleted: boolean;
  veriffStatus: TVeriffStatus | null;
  /** An operator suspended the member (domain/suspension.ts): the auth check signs them in nowhere. */
  suspended: boolean;
}

/**
 * The same rules as the users projection, so the two always agree once it has caught up (suspension is
 * the write side's alone: nothing shows it from identity_users).
 */
export function evolveStanding(state: Standing | null, event: StandingEvent): Standing | null {
  if (event.type === 'AccountCreated') {
    return {
      role: event.data.role,
      paymentCompleted: false,
      foundingFanNumber: null,
      verified: false,
      kycCompleted: false,
      veriffStatus: null,
      suspended: false,
    };
  }
  if (!state) return state;
  switch (event.type) {
    case 'SignUpEmailConfirmed':
      // The free Listener membership has nothing to pay: its confirmed email opens the app as a
      // completed payment does for the paying roles (the guard, votes and favourites ask paymentCompleted).
      return state.role === 'listener' ? { ...state, paymentCompleted: true } : state;
    case 'PaymentCompleted':
      return { ...state, paymentCompleted: true, foundingFanNumber: event.data.foundingFanNumber };
    case 'KycSessionStarted':
      return { ...state, veriffStatus: state.veriffStatus === 'approved' ? 'approved' : 'pending' };
    case 'KycApproved':
      return { ...state, verified: true, kycCompleted: true, veriffStatus: 'approved' };
    case 'KycDeclined':
    case 'KycExpired': {
      const status = event.data.status;
      const declined = status === 'declined' || status === 'resubmission_requested';
      return { ...state, kycCompleted: false, veriffStatus: declined ? 'declined' : 'expired' };
    }
    case 'MemberSuspended':
      return { ...state, suspended: true };
    case 'MemberSuspensionLifted':
      return { ...state, suspended: false };
  }
}
