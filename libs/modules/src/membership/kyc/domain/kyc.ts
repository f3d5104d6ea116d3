import type {
  AccountCreated,
  EventData,
  KycApproved,
  KycDeclined,
  KycExpired,
  KycSessionStarted,
  TRole,
  TVeriffStatus,
} from '@app/contracts';

export type KycProviderName = EventData<typeof KycSessionStarted>['provider'];

export type KycEvent =
  | { type: 'KycSessionStarted'; data: EventData<typeof KycSessionStarted> }
  | { type: 'KycApproved'; data: EventData<typeof KycApproved> }
  | { type: 'KycDeclined'; data: EventData<typeof KycDeclined> }
  | { type: 'KycExpired'; data: EventData<typeof KycExpired> };

/** What the identity check needs to know about a user, folded from the user's stream. */
export interface KycState {
  account: { role: TRole; email: string; firstName: string; lastName: string } | null;
  paymentCompleted: boolean;
  approved: boolean;
  status: TVeriffStatus | null;
  /** The most recent session, and whether a decision has closed it. */
  latestSession: { sessionId: string; provider: KycProviderName; decided: boolean } | null;
}

export const INITIAL_KYC_STATE: KycState = {
  account: null,
  paymentCompleted: false,
  approved: false,
  status: null,
  latestSession: null,
};

export function kycStreamId(userId: string): string {
  return `user-${userId}`;
}

function closeSession(state: KycState, sessionId: string): KycState['latestSession'] {
  const session = state.latestSession;
  return session && session.sessionId === sessionId ? { ...session, decided: true } : session;
}

/** Folds any event of the user's stream; the ones the identity check does not care about pass by. */
export function evolveKyc(state: KycState, event: { type: string; data: unknown }): KycState {
  switch (event.type) {
    case 'AccountCreated': {
      const data = event.data as EventData<typeof AccountCreated>;
      return {
        ...state,
        account: { role: data.role, email: data.email, firstName: data.firstName, lastName: data.lastName },
      };
    }
    case 'PaymentCompleted':
      return { ...state, paymentCompleted: true };
    case 'KycSessionStarted': {
      const data = event.data as EventData<typeof KycSessionStarted>;
      return {
        ...state,
        // A new check after a decline or expiry is pending again; an approval is never undone.
        status: state.status === 'approved' ? 'approved' : 'pending',
        latestSession: { sessionId: data.sessionId, provider: data.provider, decided: false },
      };
    }
    case 'KycApproved': {
      const data = event.data as EventData<typeof KycApproved>;
      return { ...state, approved: true, status: 'approved', latestSession: closeSession(state, data.sessionId) };
    }
    case 'KycDeclined':
    case 'KycExpired': {
      const data = event.data as EventData<typeof KycDeclined> | EventData<typeof KycExpired>;
      return {
        ...state,
        status: event.type === 'KycDeclined' ? 'declined' : 'expired',
        latestSession: closeSession(state, data.sessionId),
      };
    }
    default:
      return state;
  }
}

export function foldKyc(events: readonly { type: string; data: unknown }[]): KycState {
  return events.reduce(evolveKyc, INITIAL_KYC_STATE);
}

export class KycAccountNotFoundError extends Error {
  constructor() {
    super('No account was found for this session.');
    this.name = 'KycAccountNotFoundError';
  }
}

export class KycPaymentRequiredError extends Error {
  constructor() {
    super('Payment Required: complete your verification payment before identity verification.');
    this.name = 'KycPaymentRequiredError';
  }
}

export class KycAlreadyVerifiedError extends Error {
  constructor() {
    super('Your identity is already verified.');
    this.name = 'KycAlreadyVerifiedError';
  }
}

export type StartSessionDecision = { reuse: string } | { start: true };

/**
 * Whether the user may start an identity check, and whether the open session (started with the same
 * provider, no decision yet) can simply be continued.
 */
export function decideStartSession(state: KycState, provider: KycProviderName): StartSessionDecision {
  if (!state.account) throw new KycAccountNotFoundError();
  if (!state.paymentCompleted) throw new KycPaymentRequiredError();
  if (state.approved) throw new KycAlreadyVerifiedError();
  const open = state.latestSession;
  if (open && !open.decided && open.provider === provider) return { reuse: open.sessionId };
  return { start: true };
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
