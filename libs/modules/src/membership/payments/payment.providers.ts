import type { Provider, Type } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { CompletePaymentHandler } from './application/commands/complete-payment/complete-payment.handler.js';
import { ConfirmPaymentHandler } from './application/commands/confirm-payment/confirm-payment.handler.js';
import { CreatePaymentIntentHandler } from './application/commands/create-payment-intent/create-payment-intent.handler.js';
import { EndMembershipHandler } from './application/commands/end-membership/end-membership.handler.js';
import { HandleStripeWebhookHandler } from './application/commands/handle-stripe-webhook/handle-stripe-webhook.handler.js';
import { OpenCustomerPortalHandler } from './application/commands/open-customer-portal/open-customer-portal.handler.js';
import { RenewMembershipHandler } from './application/commands/renew-membership/renew-membership.handler.js';
import { SubmitTestCardPaymentHandler } from './application/commands/submit-test-card-payment/submit-test-card-payment.handler.js';
import { ExportMembershipDataHandler } from './application/queries/export-membership-data/export-membership-data.handler.js';
import { GetPaymentStandingHandler } from './application/queries/get-payment-standing/get-payment-standing.handler.js';
import { GetPayingUserHandler } from './application/queries/get-paying-user/get-paying-user.handler.js';
import { GetTestModePortalHandler } from './application/queries/get-test-mode-portal/get-test-mode-portal.handler.js';
import { PaymentSessions } from './application/services/payment-sessions.js';
import { PaymentsController } from './http/payments.controller.js';
import { TestPaymentsController } from './http/test-payments.controller.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';
import { StripeWebhookSignature } from './stripe-webhook-signature.js';
import { TestModePaymentProvider } from './test-mode-payment-provider.js';

/** Stripe when its secret key is configured, otherwise the built-in test mode. */
export function createPaymentProvider(config: AppConfig, sessions: PaymentSessions): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY) return new TestModePaymentProvider((paymentId) => sessions.card(paymentId));
  const { STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_PRICE_MONTHLY: priceMonthly } = config;
  const { STRIPE_PRICE_VERIFICATION_FEE: priceVerificationFee } = config;
  // apiConfigProblems refuses a Stripe secret key without the rest at start-up; checked here for the types.
  if (!publishableKey || !priceMonthly || !priceVerificationFee) {
    throw new Error('STRIPE_SECRET_KEY is set without its publishable key and prices');
  }
  return new StripePaymentProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey,
    priceMonthly,
    priceVerificationFee,
    apiHost: config.STRIPE_API_HOST,
  });
}

/** The payment part of the membership module. */
export const PAYMENT_CONTROLLERS: Type[] = [PaymentsController, TestPaymentsController];

export const PAYMENT_PROVIDERS: Provider[] = [
  { provide: PAYMENT_PROVIDER, inject: [APP_CONFIG, PaymentSessions], useFactory: createPaymentProvider },
  PaymentSessions,
  StripeWebhookSignature,
  CreatePaymentIntentHandler,
  ConfirmPaymentHandler,
  HandleStripeWebhookHandler,
  CompletePaymentHandler,
  RenewMembershipHandler,
  EndMembershipHandler,
  OpenCustomerPortalHandler,
  SubmitTestCardPaymentHandler,
  GetPayingUserHandler,
  GetPaymentStandingHandler,
  GetTestModePortalHandler,
  ExportMembershipDataHandler,
];
