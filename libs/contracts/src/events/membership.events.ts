import { z } from 'zod';
import { defineEvent } from './define-event.js';

/** The identity provider approved the user's check (appended to `identity-check-<userId>`). */
export const KycApproved = defineEvent(
  'KycApproved',
  z.object({
    userId: z.string(),
    sessionId: z.string(),
    decisionTime: z.iso.datetime(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  1,
  { subject: (data) => data.userId, redacted: { firstName: null, lastName: null } },
);

/** The verification fee (and, for fans, the first month) was paid. Appended to `payment-<userId>`. */
export const PaymentCompleted = defineEvent(
  'PaymentCompleted',
  z.object({
    userId: z.string(),
    /** Cents charged today: 1500 for fans ($10 fee + first $5 month), 1000 for other roles. */
    amountCents: z.number().int().positive(),
    currency: z.string(),
    provider: z.enum(['stripe', 'stripe-test-mode']),
    providerPaymentId: z.string(),
    customerId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    cardLast4: z.string().nullable(),
    cardBrand: z.string().nullable(),
    paidAt: z.iso.datetime(),
    /** Fans are numbered in payment-completion order; decided once, here. */
    foundingFanNumber: z.number().int().positive().nullable(),
  }),
  1,
  { subject: (data) => data.userId, redacted: { cardLast4: null } },
);

/**
 * The provider reported a payment of a checkout as paid, but not the amount or currency due for it
 * (a null when the report named none). The payment does not complete: no PaymentCompleted, no
 * founding fan number, no membership. Appended to `payment-<userId>`.
 */
export const PaymentAmountMismatched = defineEvent(
  'PaymentAmountMismatched',
  z.object({
    userId: z.string(),
    provider: z.enum(['stripe', 'stripe-test-mode']),
    providerPaymentId: z.string(),
    paidAmountCents: z.number().int().nullable(),
    paidCurrency: z.string().nullable(),
    dueAmountCents: z.number().int().positive(),
    dueCurrency: z.string(),
    reportedAt: z.iso.datetime(),
  }),
);

/** The identity provider declined the check, or asked for a new one. */
export const KycDeclined = defineEvent(
  'KycDeclined',
  z.object({
    userId: z.string(),
    sessionId: z.string(),
    decisionTime: z.iso.datetime(),
    status: z.enum(['declined', 'resubmission_requested']),
  }),
);

/** The identity check session expired or was abandoned. */
export const KycExpired = defineEvent(
  'KycExpired',
  z.object({
    userId: z.string(),
    sessionId: z.string(),
    decisionTime: z.iso.datetime(),
    status: z.enum(['expired', 'abandoned']),
  }),
);

/** An identity check session was opened for the user. */
export const KycSessionStarted = defineEvent(
  'KycSessionStarted',
  z.object({ userId: z.string(), sessionId: z.string(), provider: z.enum(['veriff', 'veriff-test-mode']) }),
);

/** A fan's monthly membership became active (first payment). */
export const MembershipStarted = defineEvent(
  'MembershipStarted',
  z.object({ userId: z.string(), subscriptionId: z.string().nullable(), startedAt: z.iso.datetime() }),
);

/** A monthly payment succeeded: the membership runs until `paidUntil`. */
export const MembershipRenewed = defineEvent(
  'MembershipRenewed',
  z.object({ userId: z.string(), paidUntil: z.iso.datetime() }),
);

/** The subscription ended (cancelled or unpaid). */
export const MembershipEnded = defineEvent(
  'MembershipEnded',
  z.object({ userId: z.string(), endedAt: z.iso.datetime() }),
);

export const membershipEvents = [
  PaymentCompleted,
  PaymentAmountMismatched,
  KycSessionStarted,
  KycApproved,
  KycDeclined,
  KycExpired,
  MembershipStarted,
  MembershipRenewed,
  MembershipEnded,
] as const;
