import type { TRole } from '@app/contracts';
import { amountDueToday } from './domain/payment.js';

/** Cents charged today: fans pay the $10.00 verification fee plus the first $5.00 month. */
export function amountDueTodayCents(role: TRole): number {
  return amountDueToday(role).amountCents;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  name: string;
  role: TRole;
  /** Distinguishes retries of the same checkout from a new one (idempotency keys). */
  attempt: number;
}

export interface Checkout {
  clientSecret: string;
  /** The payment intent (others) or the first invoice (fans) that the webhook will name. */
  paymentId: string;
  customerId: string | null;
  subscriptionId: string | null;
  amountCents: number;
}

/** What completing a payment reads from the provider's paid payment intent or invoice. */
export interface PaidPayment {
  /**
   * Cents (the currency's smallest unit) received and their currency, as the provider says; compared
   * with what the checkout asked for. Null when the report names none (it then completes nothing).
   */
  amountCents: number | null;
  currency: string | null;
  /** The user the provider's metadata names: only a cross-check against our own checkout. */
  claimedUserId: string | null;
}

/** Reads a Stripe payment intent or invoice (from a webhook event or from Stripe's API). */
export function readPaidPayment(object: Record<string, unknown>): PaidPayment {
  const amount = object.amount_received ?? object.amount_paid;
  const metadata = object.metadata as { userId?: unknown } | null | undefined;
  return {
    amountCents: amount === undefined || amount === null ? null : Number(amount),
    currency: typeof object.currency === 'string' ? object.currency : null,
    claimedUserId: typeof metadata?.userId === 'string' && metadata.userId ? metadata.userId : null,
  };
}

export interface CardDetails {
  last4: string | null;
  brand: string | null;
}

/**
 * The card payment provider. `stripe` talks to Stripe; `test` is the built-in test mode: it never
 * leaves the machine but produces the same Stripe-shaped, signed webhook events.
 */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  readonly publishableKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Card details of a completed payment, for the receipt fields on the user. */
  cardDetails(paymentId: string): Promise<CardDetails>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /**
   * The provider's own record of a payment (payment intent or invoice) when it has been paid, else
   * null: lets a returning payer be confirmed when the webhook is late or lost.
   */
  paidPayment(paymentId: string): Promise<PaidPayment | null>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
