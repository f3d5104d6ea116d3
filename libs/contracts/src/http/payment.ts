import { z } from 'zod';

/** POST /api/create-payment-intent (docs/product.md §7). The server decides the amount from the account's role. */
export const ZCreatePaymentIntentRequest = z.object({
  userId: z.string().optional(),
  membershipAddon: z.boolean().optional(),
  selectedRole: z.string().optional(),
});
export type TCreatePaymentIntentRequest = z.infer<typeof ZCreatePaymentIntentRequest>;

export const ZCreatePaymentIntentResponse = z.object({
  clientSecret: z.string(),
  /** 'stripe': confirm with Stripe.js; 'test': the built-in test card form. */
  mode: z.enum(['stripe', 'test']),
  publishableKey: z.string().nullable(),
  amountCents: z.number().int(),
});
export type TCreatePaymentIntentResponse = z.infer<typeof ZCreatePaymentIntentResponse>;

/** POST /api/test-payments/confirm: the test mode's card form. */
export const ZTestCardPaymentRequest = z.object({
  clientSecret: z.string().min(1, 'Payment form not ready. Please wait and try again.'),
  cardNumber: z.string().trim().min(1, 'Your card number is incomplete.'),
  expiry: z.string().trim().min(1, "Your card's expiration date is incomplete."),
  cvc: z.string().trim().min(1, "Your card's security code is incomplete."),
  /**
   * The test mode only: what the card pays instead of the amount due (cents, or the currency's
   * smallest unit), so a test can deliver a short or foreign-currency payment through the webhook path.
   */
  amountCents: z.number().int().positive().optional(),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'A currency is a three-letter ISO code.')
    .optional(),
});
export type TTestCardPaymentRequest = z.infer<typeof ZTestCardPaymentRequest>;

/**
 * A payment the provider reported as paid, but not with the amount or currency due: the membership
 * does not start. A null when the report named no amount or currency.
 */
export const ZAmountMismatch = z.object({
  paidAmountCents: z.number().int().nullable(),
  paidCurrency: z.string().nullable(),
  dueAmountCents: z.number().int(),
  dueCurrency: z.string(),
});
export type TAmountMismatch = z.infer<typeof ZAmountMismatch>;

/** Where the user's verification payment stands, as every answer about a payment reports it. */
export const ZPaymentStanding = z.object({
  paymentCompleted: z.boolean(),
  /** A fan's number, decided once when the payment completed; the same in every answer after. */
  foundingFanNumber: z.number().int().nullable(),
  /** Set while the latest report of the payment was short or in another currency (and none completed it). */
  amountMismatch: ZAmountMismatch.nullable(),
});
export type TPaymentStanding = z.infer<typeof ZPaymentStanding>;

/** The test mode's card form: the card was charged; `paymentCompleted` says whether the payment counts. */
export const ZPaymentResult = z.object({
  status: z.enum(['succeeded']),
  paymentIntentId: z.string(),
  ...ZPaymentStanding.shape,
});
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

/** POST /api/stripe/confirm-payment (docs/product.md §7). */
export const ZConfirmPaymentRequest = z.object({
  paymentIntentId: z.string().optional(),
  clientSecret: z.string().optional(),
});
export const ZConfirmPaymentResponse = z.object({
  user: z.object({ id: z.string(), role: z.string() }),
  ...ZPaymentStanding.shape,
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponse>;

export const ZPortalResponse = z.object({ url: z.string() });

/** docs/product.md §8 Payment texts the server also uses. */
export const PAYMENT_MESSAGES = {
  ownAccountOnly: 'You can only pay for your own account.',
  alreadyPaid: 'Your verification payment is already complete.',
  sessionNotFound: 'Payment form not ready. Please wait and try again.',
  cardNumberIncorrect: 'Your card number is incorrect.',
  expiryInvalid: "Your card's expiration date is invalid.",
  cvcInvalid: "Your card's security code is invalid.",
  noPaymentMethods: "You haven't set up any payment methods yet.",
  portalUnavailable: 'Unable to access payment settings at this time.',
} as const;

/** An amount in a currency's smallest unit (cents for USD), as Stripe reports it: '$15.00', '€5.00', '¥1,500'. */
export function formatMoney(amountMinor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  } catch {
    // Not a currency Intl knows: the amount as the provider gave it, with its code.
    return `${amountMinor} ${currency.toUpperCase()}`;
  }
}

/**
 * What the payer is told when a payment was short or in another currency (docs/product.md §8's plain style):
 * what arrived, what is due, that the membership is not active, and who can help.
 */
export function amountMismatchMessage(mismatch: TAmountMismatch): string {
  const otherCurrency =
    mismatch.paidCurrency !== null && mismatch.paidCurrency.toLowerCase() !== mismatch.dueCurrency.toLowerCase();
  const money = (amount: number, currency: string) =>
    otherCurrency ? `${formatMoney(amount, currency)} (${currency.toUpperCase()})` : formatMoney(amount, currency);
  const due = money(mismatch.dueAmountCents, mismatch.dueCurrency);
  const received =
    mismatch.paidAmountCents === null || mismatch.paidCurrency === null
      ? `We could not confirm how much your payment was, and ${due} is due.`
      : `We received ${money(mismatch.paidAmountCents, mismatch.paidCurrency)}, but ${due} is due.`;
  return `${received} Your membership is not active yet. Please contact support and we will sort it out.`;
}
