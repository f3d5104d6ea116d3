import type { Provider, Type } from '@nestjs/common';
import { APP_CONFIG, PG_POOL, type AppConfig, type Pool } from '@app/platform';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PaymentWebhooks } from './payment-webhooks.js';
import { PaymentsController } from './payments.controller.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';
import { TestModePaymentProvider } from './test-mode-payment-provider.js';
import { TestPaymentsController } from './test-payments.controller.js';

/** The payment part of the membership module. */
export const PAYMENT_CONTROLLERS: Type[] = [PaymentsController, TestPaymentsController];

export const PAYMENT_PROVIDERS: Provider[] = [
  {
    provide: PAYMENT_PROVIDER,
    inject: [APP_CONFIG, PG_POOL],
    useFactory: (config: AppConfig, pool: Pool): PaymentProvider =>
      config.STRIPE_SECRET_KEY
        ? new StripePaymentProvider({
            secretKey: config.STRIPE_SECRET_KEY,
            publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
            priceMonthly: config.STRIPE_PRICE_MONTHLY!,
            priceVerificationFee: config.STRIPE_PRICE_VERIFICATION_FEE!,
            apiHost: config.STRIPE_API_HOST,
          })
        : new TestModePaymentProvider(async (paymentId) => {
            const { rows } = await pool.query<{ card_last4: string | null; card_brand: string | null }>(
              'select card_last4, card_brand from payment_sessions where stripe_payment_intent_id = $1',
              [paymentId],
            );
            return { last4: rows[0]?.card_last4 ?? null, brand: rows[0]?.card_brand ?? null };
          }),
  },
  PaymentWebhooks,
];
