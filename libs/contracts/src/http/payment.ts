import { z } from 'zod';

/** POST /api/create-payment-intent (spec §7). The server decides the amount from the account's role. */
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
});
export type TTestCardPaymentRequest = z.infer<typeof ZTestCardPaymentRequest>;

export const ZPaymentResult = z.object({ status: z.enum(['succeeded']), paymentIntentId: z.string() });
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

/** POST /api/stripe/confirm-payment (spec §7). */
export const ZConfirmPaymentRequest = z.object({
  paymentIntentId: z.string().optional(),
  clientSecret: z.string().optional(),
});
export const ZConfirmPaymentResponse = z.object({
  user: z.object({ id: z.string(), role: z.string() }),
  paymentCompleted: z.boolean(),
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponse>;

export const ZPortalResponse = z.object({ url: z.string() });

/** Spec §8 Payment texts the server also uses. */
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
