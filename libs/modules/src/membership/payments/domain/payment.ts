import { PAYMENT_MESSAGES, type EventOfType, type EventPayload, type TRole } from '@app/contracts';
import { DomainError } from '@app/domain';

/** The payment part's events on a user's stream; identity's and the identity check's pass it by. */
export const PAYMENT_EVENT_TYPES = [
  'PaymentCompleted',
  'MembershipStarted',
  'MembershipRenewed',
  'MembershipEnded',
] as const;
export type PaymentEvent = EventOfType<(typeof PAYMENT_EVENT_TYPES)[number]>;

/** What the payment decisions need to know about a user, folded from the user's stream. */
export interface PaymentState {
  paymentCompleted: boolean;
  /** The provider's customer, for the customer portal (null until a payment completed). */
  customerId: string | null;
  subscriptionId: string | null;
  foundingFanNumber: number | null;
  /** A fan's monthly membership: started by the first payment, ended when the subscription is. */
  membershipActive: boolean;
  paidUntil: string | null;
}

export function paymentStreamId(userId: string): string {
  return `user-${userId}`;
}

export function initialPaymentState(): PaymentState {
  return {
    paymentCompleted: false,
    customerId: null,
    subscriptionId: null,
    foundingFanNumber: null,
    membershipActive: false,
    paidUntil: null,
  };
}

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentCompleted':
      return {
        ...state,
        paymentCompleted: true,
        customerId: event.data.customerId,
        subscriptionId: event.data.subscriptionId,
        foundingFanNumber: event.data.foundingFanNumber,
      };
    case 'MembershipStarted':
      return { ...state, membershipActive: true, subscriptionId: event.data.subscriptionId ?? state.subscriptionId };
    case 'MembershipRenewed':
      return { ...state, paidUntil: event.data.paidUntil };
    case 'MembershipEnded':
      return { ...state, membershipActive: false };
  }
}

/** How use cases load a user's payment with the event-sourced repository. */
export const paymentFold = {
  eventTypes: PAYMENT_EVENT_TYPES,
  initialState: initialPaymentState,
  evolve: evolvePayment,
};

export class OwnAccountOnlyError extends DomainError {
  readonly kind = 'forbidden';
  constructor() {
    super(PAYMENT_MESSAGES.ownAccountOnly);
  }
}

export class PaymentAlreadyCompletedError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(PAYMENT_MESSAGES.alreadyPaid);
  }
}

export class NoPaymentMethodsError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(PAYMENT_MESSAGES.noPaymentMethods);
  }
}

/** The card form names no checkout of this user. */
export class PaymentSessionNotFoundError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(PAYMENT_MESSAGES.sessionNotFound);
  }
}

/** The provider would not open a customer portal session. */
export class PortalUnavailableError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(PAYMENT_MESSAGES.portalUnavailable);
  }
}

/** A provider event names a user other than the one whose checkout the payment belongs to. */
export class PaymentOfAnotherAccountError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super('This payment belongs to another account.');
  }
}

/** A checkout is only for the signed-in user's own account, and only until the payment completed. */
export function decideStartCheckout(
  state: PaymentState,
  command: { userId: string; requestedUserId?: string | undefined },
): void {
  if (command.requestedUserId && command.requestedUserId !== command.userId) throw new OwnAccountOnlyError();
  if (state.paymentCompleted) throw new PaymentAlreadyCompletedError();
}

/** The provider customer whose payment methods the customer portal manages. */
export function decideOpenPortal(state: PaymentState): { customerId: string } {
  if (!state.customerId) throw new NoPaymentMethodsError();
  return { customerId: state.customerId };
}

/** Fans are numbered when their payment completes; the caller assigns the number in the same transaction. */
export function needsFoundingFanNumber(state: PaymentState, role: TRole): boolean {
  return role === 'fan' && !state.paymentCompleted;
}

export interface CompletePaymentInput extends Omit<EventPayload<'PaymentCompleted'>, 'foundingFanNumber'> {
  role: TRole;
  /** Assigned by the caller when `needsFoundingFanNumber`; null otherwise. */
  foundingFanNumber: number | null;
}

/**
 * A payment completes once: a later report of it (a redelivered or second webhook, or the payer's
 * return after the webhook) changes nothing. A fan's first invoice also starts the membership.
 */
export function decideCompletePayment(state: PaymentState, payment: CompletePaymentInput): PaymentEvent[] {
  if (state.paymentCompleted) return [];
  const { role, ...data } = payment;
  const events: PaymentEvent[] = [{ type: 'PaymentCompleted', data }];
  if (role === 'fan' && data.subscriptionId) {
    events.push({
      type: 'MembershipStarted',
      data: { userId: data.userId, subscriptionId: data.subscriptionId, startedAt: data.paidAt },
    });
  }
  return events;
}

/**
 * A monthly payment went through: the membership runs until `paidUntil`. A member whose membership
 * lapsed for non-payment and who pays again (Stripe retried, or they updated their card) starts again.
 */
export function decideRenewMembership(
  state: PaymentState,
  command: { userId: string; subscriptionId: string; paidUntil: string; now: string },
): PaymentEvent[] {
  if (!state.paymentCompleted) return [];
  const renewed: PaymentEvent = {
    type: 'MembershipRenewed',
    data: { userId: command.userId, paidUntil: command.paidUntil },
  };
  if (state.membershipActive) return [renewed];
  return [
    {
      type: 'MembershipStarted',
      data: { userId: command.userId, subscriptionId: command.subscriptionId, startedAt: command.now },
    },
    renewed,
  ];
}

/** The subscription ended (cancelled, or Stripe stopped retrying): so does an active membership. */
export function decideEndMembership(state: PaymentState, command: { userId: string; now: string }): PaymentEvent[] {
  if (!state.membershipActive) return [];
  return [{ type: 'MembershipEnded', data: { userId: command.userId, endedAt: command.now } }];
}
