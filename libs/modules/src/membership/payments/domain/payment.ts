import {
  amountMismatchMessage,
  PAYMENT_MESSAGES,
  type EventOfType,
  type EventPayload,
  type TAmountMismatch,
  type TPaymentStanding,
  type TRole,
} from '@app/contracts';
import { DomainError } from '@app/domain';
import { preSplitUserStreamId } from '../../pre-split-streams.js';

/** The payment's events: on `payment-<userId>`, and on the user's stream before the split. */
export const PAYMENT_EVENT_TYPES = [
  'PaymentCompleted',
  'PaymentAmountMismatched',
  'MembershipStarted',
  'MembershipRenewed',
  'MembershipEnded',
] as const;
export type PaymentEvent = EventOfType<(typeof PAYMENT_EVENT_TYPES)[number]>;

/** What the payment decisions need to know about a user, folded from the user's payment stream. */
export interface PaymentState {
  paymentCompleted: boolean;
  /** The provider's customer, for the customer portal (null until a payment completed). */
  customerId: string | null;
  subscriptionId: string | null;
  foundingFanNumber: number | null;
  /** A fan's monthly membership: started by the first payment, ended when the subscription is. */
  membershipActive: boolean;
  paidUntil: string | null;
  /** The latest report of a payment that was short or in another currency, until one completes. */
  amountMismatch: (TAmountMismatch & { providerPaymentId: string }) | null;
}

/** A stream of the user's payment and membership alone: profile saves and the identity check never contend with it. */
export function paymentStreamId(userId: string): string {
  return `payment-${userId}`;
}

/** Read with the payment stream: where its events were appended before the split (ADR 0004). */
export function paymentAlsoRead(userId: string): string[] {
  return [preSplitUserStreamId(userId)];
}

export function initialPaymentState(): PaymentState {
  return {
    paymentCompleted: false,
    customerId: null,
    subscriptionId: null,
    foundingFanNumber: null,
    membershipActive: false,
    paidUntil: null,
    amountMismatch: null,
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
        amountMismatch: null,
      };
    case 'PaymentAmountMismatched': {
      const { providerPaymentId, paidAmountCents, paidCurrency, dueAmountCents, dueCurrency } = event.data;
      return {
        ...state,
        amountMismatch: { providerPaymentId, paidAmountCents, paidCurrency, dueAmountCents, dueCurrency },
      };
    }
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

/**
 * The provider took a payment, but not the amount or currency due: the payer is told, and paying
 * again is not offered (the money already taken needs a person to look at it).
 */
export class PaymentAmountMismatchError extends DomainError {
  readonly kind = 'payment-required';
  constructor(readonly mismatch: TAmountMismatch) {
    super(amountMismatchMessage(mismatch));
  }
}

/** A checkout is only for the signed-in user's own account, and only until the payment completed. */
export function decideStartCheckout(
  state: PaymentState,
  command: { userId: string; requestedUserId?: string | undefined },
): void {
  if (command.requestedUserId && command.requestedUserId !== command.userId) throw new OwnAccountOnlyError();
  if (state.paymentCompleted) throw new PaymentAlreadyCompletedError();
  if (state.amountMismatch) throw new PaymentAmountMismatchError(state.amountMismatch);
}

/** What every answer about the user's payment reports (test card form, the payer's return). */
export function paymentStanding(state: PaymentState): TPaymentStanding {
  const mismatch = state.paymentCompleted ? null : state.amountMismatch;
  return {
    paymentCompleted: state.paymentCompleted,
    foundingFanNumber: state.foundingFanNumber,
    amountMismatch: mismatch && {
      paidAmountCents: mismatch.paidAmountCents,
      paidCurrency: mismatch.paidCurrency,
      dueAmountCents: mismatch.dueAmountCents,
      dueCurrency: mismatch.dueCurrency,
    },
  };
}

/** The provider customer whose payment methods the customer portal manages. */
export function decideOpenPortal(state: PaymentState): { customerId: string } {
  if (!state.customerId) throw new NoPaymentMethodsError();
  return { customerId: state.customerId };
}

/** Every checkout is in US dollars (docs/product.md §9 "Money"). */
export const PAYMENT_CURRENCY = 'usd';

/** What a checkout asks for: fans $15.00 (the $10.00 fee and the first $5.00 month), others $10.00. */
export interface AmountDue {
  amountCents: number;
  currency: string;
}

/** What the provider says was paid; null where its report names nothing. */
export interface AmountPaid {
  amountCents: number | null;
  currency: string | null;
}

/** Cents due today for a role: fans pay the $10.00 verification fee plus the first $5.00 month. */
export function amountDueToday(role: TRole): AmountDue {
  return { amountCents: role === 'fan' ? 1500 : 1000, currency: PAYMENT_CURRENCY };
}

/** Exactly the amount due, in the currency due (Stripe writes currencies in lower case). */
export function paidAsDue(paid: AmountPaid, due: AmountDue): boolean {
  return paid.amountCents === due.amountCents && paid.currency?.toLowerCase() === due.currency.toLowerCase();
}

export interface CompletePaymentInput extends Omit<
  EventPayload<'PaymentCompleted'>,
  'foundingFanNumber' | 'amountCents' | 'currency'
> {
  role: TRole;
  paid: AmountPaid;
  /** What the checkout this payment belongs to asked for. */
  due: AmountDue;
  /** Assigned by the caller when `needsFoundingFanNumber`; null otherwise. */
  foundingFanNumber: number | null;
}

/**
 * Fans are numbered when their payment completes; the caller assigns the number in the same
 * transaction. A payment that does not complete (short, or in another currency) takes no number.
 */
export function needsFoundingFanNumber(
  state: PaymentState,
  payment: Pick<CompletePaymentInput, 'role' | 'paid' | 'due'>,
): boolean {
  return payment.role === 'fan' && !state.paymentCompleted && paidAsDue(payment.paid, payment.due);
}

/**
 * A payment completes once, and only with the amount and currency due: a later report of it (a
 * redelivered or second webhook, or the payer's return after the webhook) changes nothing. A fan's
 * first invoice also starts the membership. A report of another amount or currency is recorded
 * (once per payment and amount) and completes nothing.
 */
export function decideCompletePayment(state: PaymentState, payment: CompletePaymentInput): PaymentEvent[] {
  if (state.paymentCompleted) return [];
  const { role, paid, due, ...data } = payment;
  if (!paidAsDue(paid, due)) {
    const mismatch = {
      paidAmountCents: paid.amountCents,
      paidCurrency: paid.currency,
      dueAmountCents: due.amountCents,
      dueCurrency: due.currency,
    };
    const known = state.amountMismatch;
    if (
      known?.providerPaymentId === data.providerPaymentId &&
      known.paidAmountCents === mismatch.paidAmountCents &&
      known.paidCurrency === mismatch.paidCurrency
    ) {
      return [];
    }
    return [
      {
        type: 'PaymentAmountMismatched',
        data: {
          userId: data.userId,
          provider: data.provider,
          providerPaymentId: data.providerPaymentId,
          ...mismatch,
          reportedAt: data.paidAt,
        },
      },
    ];
  }
  const events: PaymentEvent[] = [
    { type: 'PaymentCompleted', data: { ...data, amountCents: due.amountCents, currency: due.currency } },
  ];
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
