import { randomBytes, randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, type TTestCardPaymentRequest } from '@app/contracts';
import { DomainError } from '@app/domain';
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

/** The card form's fields do not describe a card (the messages are Stripe.js's). */
export class InvalidCardError extends DomainError {
  readonly kind = 'invalid';
}

/** The test card is one of Stripe's decline cards: 402 Payment Required with the card's message, as Stripe answers. */
export class CardDeclinedError extends DomainError {
  readonly kind = 'payment-required';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function validExpiry(expiry: string, now: Date): boolean {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const [, , yearDigits = ''] = match;
  const year = yearDigits.length === 2 ? 2000 + Number(yearDigits) : Number(yearDigits);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** Charges one of Stripe's test cards: the card that paid, or the refusal Stripe would give. */
export function chargeTestCard(
  card: Pick<TTestCardPaymentRequest, 'cardNumber' | 'expiry' | 'cvc'>,
  now = new Date(),
): { last4: string; brand: string } {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  const outcome = TEST_CARDS[number];
  if (!/^\d{12,19}$/.test(number) || !outcome) throw new InvalidCardError(PAYMENT_MESSAGES.cardNumberIncorrect);
  if (!validExpiry(card.expiry, now)) throw new InvalidCardError(PAYMENT_MESSAGES.expiryInvalid);
  if (!/^\d{3,4}$/.test(card.cvc)) throw new InvalidCardError(PAYMENT_MESSAGES.cvcInvalid);
  if (outcome.outcome === 'declined') throw new CardDeclinedError(outcome.message, outcome.code);
  return { last4: number.slice(-4), brand: cardBrand(number) };
}

/**
 * The built-in test mode: ids and client secrets shaped like Stripe's, no network. The card form
 * (SubmitTestCardPayment) charges the test card and delivers a Stripe-shaped, Stripe-signed event
 * to the same webhook handler that real Stripe events go through.
 */
export class TestModePaymentProvider implements PaymentProvider {
  readonly mode = 'test';
  readonly publishableKey = null;

  constructor(private readonly cards: (paymentId: string) => Promise<CardDetails>) {}

  createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const id = randomUUID().replaceAll('-', '');
    const fan = request.role === 'fan';
    const paymentId = fan ? `in_test_${id}` : `pi_test_${id}`;
    return Promise.resolve({
      clientSecret: `${paymentId}_secret_${randomBytes(12).toString('hex')}`,
      paymentId,
      customerId: `cus_test_${id}`,
      subscriptionId: fan ? `sub_test_${id}` : null,
      amountCents: amountDueTodayCents(request.role),
    });
  }

  cardDetails(paymentId: string): Promise<CardDetails> {
    return this.cards(paymentId);
  }

  createPortalSession(): Promise<string> {
    return Promise.resolve('/api/test-payments/portal');
  }

  /** The test mode delivers its webhook before the card form answers: there is nothing to catch up. */
  paidPayment(): Promise<null> {
    return Promise.resolve(null);
  }
}
