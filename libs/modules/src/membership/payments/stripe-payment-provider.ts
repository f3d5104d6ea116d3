import Stripe from 'stripe';
import type { CardDetails, Checkout, CheckoutRequest, PaidPayment, PaymentProvider } from './payment-provider.js';
import { amountDueTodayCents, readPaidPayment } from './payment-provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  priceMonthly: string;
  priceVerificationFee: string;
  /** A local stand-in for Stripe's API in tests, e.g. "http://127.0.0.1:12111". */
  apiHost?: string;
}

function stripeClient(options: StripeProviderOptions): Stripe {
  if (!options.apiHost) return new Stripe(options.secretKey, { maxNetworkRetries: 2 });
  const url = new URL(options.apiHost);
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}

/** Stripe through its official SDK. Every create carries an idempotency key. */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = stripeClient(options);
  }

  get publishableKey(): string {
    return this.options.publishableKey;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const key = `${request.userId}-${request.attempt}`;
    const customer = await this.stripe.customers.create(
      { email: request.email, name: request.name, metadata: { userId: request.userId } },
      { idempotencyKey: `customer-${key}` },
    );
    if (request.role === 'fan') {
      // One payment today: the first invoice carries the one-time fee and the first month.
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: this.options.priceMonthly }],
          add_invoice_items: [{ price: this.options.priceVerificationFee }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId: request.userId },
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `subscription-${key}` },
      );
      const invoice = subscription.latest_invoice as Stripe.Invoice | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!invoice?.id || !clientSecret) throw new Error('Stripe returned a subscription without a payable invoice');
      return {
        clientSecret,
        paymentId: invoice.id,
        customerId: customer.id,
        subscriptionId: subscription.id,
        amountCents: amountDueTodayCents('fan'),
      };
    }
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: amountDueTodayCents(request.role),
        currency: 'usd',
        customer: customer.id,
        automatic_payment_methods: { enabled: true },
        metadata: { userId: request.userId },
      },
      { idempotencyKey: `payment-intent-${key}` },
    );
    if (!intent.client_secret) throw new Error('Stripe returned a payment intent without a client secret');
    return {
      clientSecret: intent.client_secret,
      paymentId: intent.id,
      customerId: customer.id,
      subscriptionId: null,
      amountCents: intent.amount,
    };
  }

  async cardDetails(paymentId: string): Promise<CardDetails> {
    try {
      let paymentMethodId: string | null = null;
      if (paymentId.startsWith('pi_')) {
        const intent = await this.stripe.paymentIntents.retrieve(paymentId);
        paymentMethodId =
          typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
      } else {
        const invoice = await this.stripe.invoices.retrieve(paymentId, {
          expand: ['payments.data.payment.payment_intent'],
        });
        const intent = invoice.payments?.data[0]?.payment.payment_intent;
        if (intent && typeof intent !== 'string') {
          paymentMethodId =
            typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
        }
      }
      if (!paymentMethodId) return { last4: null, brand: null };
      const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      return { last4: method.card?.last4 ?? null, brand: method.card?.brand ?? null };
    } catch {
      // The receipt fields are a nicety; the payment itself stands.
      return { last4: null, brand: null };
    }
  }

  async paidPayment(paymentId: string): Promise<PaidPayment | null> {
    if (paymentId.startsWith('pi_')) {
      const intent = await this.stripe.paymentIntents.retrieve(paymentId);
      return intent.status === 'succeeded' ? readPaidPayment({ ...intent }) : null;
    }
    const invoice = await this.stripe.invoices.retrieve(paymentId);
    return invoice.status === 'paid' ? readPaidPayment({ ...invoice }) : null;
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }
}
