import type { EventOfType, EventPayload, TVeriffStatus } from '@app/contracts';
import { DomainError } from '@app/domain';
import { preSplitUserStreamId } from '../../pre-split-streams.js';
import { paymentStreamId } from '../../payments/domain/payment.js';

export type KycProviderName = EventPayload<'KycSessionStarted'>['provider'];

/**
 * The identity check's events, and the payment it waits for (read from the payment's stream). Who
 * the user is comes from the identity module (GetAccount).
 */
export const KYC_EVENT_TYPES = [
  'PaymentCompleted',
  'KycSessionStarted',
  'KycApproved',
  'KycDeclined',
  'KycExpired',
] as const;
export type KycEvent = EventOfType<(typeof KYC_EVENT_TYPES)[number]>;

/** What the identity check needs to know about a user, folded from its stream and the payment's. */
export interface KycState {
  paymentCompleted: boolean;
  approved: boolean;
  status: TVeriffStatus | null;
  /** The most recent session, and whether a decision has closed it. */
  latestSession: { sessionId: string; provider: KycProviderName; decided: boolean } | null;
}

export const INITIAL_KYC_STATE: KycState = {
  paymentCompleted: false,
  approved: false,
  status: null,
  latestSession: null,
};

/** Who is being checked: the names and email the provider's session is opened with. */
export interface KycAccount {
  email: string;
  firstName: string;
  lastName: string;
}

/** A stream of the user's identity check alone: profile saves and payments never contend with it. */
export function kycStreamId(userId: string): string {
  return `identity-check-${userId}`;
}

/**
 * Read with the identity check's stream: the payment's (a completed payment is never undone, so its
 * version need not be checked) and where the check's events were appended before the split (ADR 0004).
 */
export function kycAlsoRead(userId: string): string[] {
  return [paymentStreamId(userId), preSplitUserStreamId(userId)];
}

function closeSession(state: KycState, sessionId: string): KycState['latestSession'] {
  const session = state.latestSession;
  return session && session.sessionId === sessionId ? { ...session, decided: true } : session;
}

export function evolveKyc(state: KycState, event: KycEvent): KycState {
  switch (event.type) {
    case 'PaymentCompleted':
      return { ...state, paymentCompleted: true };
    case 'KycSessionStarted':
      return {
        ...state,
        // A new check after a decline or expiry is pending again; an approval is never undone.
        status: state.status === 'approved' ? 'approved' : 'pending',
        latestSession: { sessionId: event.data.sessionId, provider: event.data.provider, decided: false },
      };
    case 'KycApproved':
      return { ...state, approved: true, status: 'approved', latestSession: closeSession(state, event.data.sessionId) };
    case 'KycDeclined':
    case 'KycExpired':
      return {
        ...state,
        status: event.type === 'KycDeclined' ? 'declined' : 'expired',
        latestSession: closeSession(state, event.data.sessionId),
      };
  }
}

export function foldKyc(events: readonly KycEvent[]): KycState {
  return events.reduce(evolveKyc, INITIAL_KYC_STATE);
}

/** How use cases load a user's identity check with the event-sourced repository. */
export const kycFold = {
  eventTypes: KYC_EVENT_TYPES,
  initialState: (): KycState => INITIAL_KYC_STATE,
  evolve: evolveKyc,
};

export class KycAccountNotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor() {
    super('No account was found for this session.');
  }
}

export class KycPaymentRequiredError extends DomainError {
  readonly kind = 'forbidden';
  constructor() {
    super('Payment Required: complete your verification payment before identity verification.');
  }
}

export class KycAlreadyVerifiedError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('Your identity is already verified.');
  }
}

/** The identity service could not open a session (its failure is logged where it happened). */
export class KycUnavailableError extends DomainError {
  readonly kind = 'unavailable';
  constructor() {
    super('Identity verification is unavailable right now. Please try again.');
  }
}

/** A decision webhook names a session we never opened. */
export class UnknownKycSessionError extends DomainError {
  readonly kind = 'not-found';
  constructor() {
    super('Unknown verification session.');
  }
}

/** A decision webhook's vendorData names someone other than the session's user. */
export class KycSessionOfAnotherUserError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super('The verification does not belong to this session.');
  }
}

/** A test-mode decision needs a session to decide. */
export class KycSessionNotStartedError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('Start identity verification first.');
  }
}

export type StartSessionDecision = { reuse: string } | { start: true };

/**
 * Whether the user may start an identity check, and whether the open session (started with the same
 * provider, no decision yet) can simply be continued. `account` is the identity module's answer.
 */
export function decideStartSession(
  state: KycState,
  provider: KycProviderName,
  account: KycAccount | null,
): StartSessionDecision {
  if (!account) throw new KycAccountNotFoundError();
  if (!state.paymentCompleted) throw new KycPaymentRequiredError();
  if (state.approved) throw new KycAlreadyVerifiedError();
  const open = state.latestSession;
  if (open && !open.decided && open.provider === provider) return { reuse: open.sessionId };
  return { start: true };
}

/**
 * Records the session the provider opened; when a concurrent start (a double click) recorded one
 * first, that one is continued instead, so a user never has two open sessions.
 */
export function decideRecordSession(
  state: KycState,
  account: KycAccount | null,
  session: { userId: string; sessionId: string; provider: KycProviderName },
): { reuse: string } | { events: KycEvent[] } {
  const decision = decideStartSession(state, session.provider, account);
  if ('reuse' in decision) return decision;
  return { events: [{ type: 'KycSessionStarted', data: session }] };
}

export interface KycDecisionInput {
  userId: string;
  sessionId: string;
  /** Veriff's status string. */
  status: string;
  decisionTime: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Turns a provider decision into events. Approval is final: later decisions change nothing. A
 * decline or expiry only counts for the user's latest session, so a late notice about an older
 * session cannot overwrite a check in progress. `review` and unknown statuses record nothing.
 */
export function decideKycDecision(state: KycState, decision: KycDecisionInput): KycEvent[] {
  if (state.approved) return [];
  const { userId, sessionId, decisionTime } = decision;
  switch (decision.status) {
    case 'approved':
      return [
        {
          type: 'KycApproved',
          data: { userId, sessionId, decisionTime, firstName: decision.firstName, lastName: decision.lastName },
        },
      ];
    case 'declined':
    case 'resubmission_requested':
      if (state.latestSession?.sessionId !== sessionId) return [];
      return [{ type: 'KycDeclined', data: { userId, sessionId, decisionTime, status: decision.status } }];
    case 'expired':
    case 'abandoned':
      if (state.latestSession?.sessionId !== sessionId) return [];
      return [{ type: 'KycExpired', data: { userId, sessionId, decisionTime, status: decision.status } }];
    default:
      return [];
  }
}

/** The status the auth check will show once these events are projected. */
export function statusAfter(state: KycState, events: readonly KycEvent[]): TVeriffStatus | null {
  return events.reduce(evolveKyc, state).status;
}
