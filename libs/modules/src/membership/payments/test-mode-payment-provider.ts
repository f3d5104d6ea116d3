import { randomBytes, randomUUID } from 'node:crypto';
import type { CardDetails, Checkout, CheckoutRequest, PaymentProvider } from './payment-provider.js';
import { amountDueTodayCents } from './payment-provider.js';

/** Stripe's documented test cards and what they do. */
export const TEST_CARDS: Record<
  string,
  { outcome: 'succeeded' } | { outcome: 'declined'; message: string; code: string }
> = {
  '4242424242424242': { outcome: 'succeeded' },
  '5555555555554444': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'declined', message: 'Your card was declined.', code: 'card_declined' },
  '4000000000009995': { outcome: 'declined', message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
  '4000000000000069': { outcome: 'declined', message: 'Your card has expired.', code: 'expired_card' },
};

export function cardBrand(cardNumber: string): string {
  if (cardNumber.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(cardNumber)) return 'mastercard';
  if (/^3[47]/.test(cardNumber)) return 'amex';
  return 'unknown';
}

/**
 * The built-in test mode: ids and client secrets shaped like Stripe's, no network. The card form
 * (TestPaymentsController) charges the test card and delivers a Stripe-shaped, Stripe-signed event
 * to the same webhook handler that real Stripe events go through.
 */
export class TestModePaymentProvider implements PaymentProvider {
  readonly mode = 'test';
  readonly publishableKey = null;

  constructor(private readonly cards: (paymentId: string) => Promise<CardDetails>) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const id = randomUUID().replaceAll('-', '');
    const fan = request.role === 'fan';
    const paymentId = fan ? `in_test_${id}` : `pi_test_${id}`;
    return {
      clientSecret: `${paymentId}_secret_${randomBytes(12).toString('hex')}`,
      paymentId,
      customerId: `cus_test_${id}`,
      subscriptionId: fan ? `sub_test_${id}` : null,
      amountCents: amountDueTodayCents(request.role),
    };
  }

  cardDetails(paymentId: string): Promise<CardDetails> {
    return this.cards(paymentId);
  }

  async createPortalSession(): Promise<string> {
    return '/api/test-payments/portal';
  }

  /** The test mode delivers its webhook before the card form answers: there is nothing to catch up. */
  async paidPayment(): Promise<null> {
    return null;
  }
}
