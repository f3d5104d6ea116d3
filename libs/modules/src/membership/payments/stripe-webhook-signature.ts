import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError } from '@app/domain';
import { InjectConfig, type AppConfig } from '@app/platform';
import { testModeSecret } from '../test-mode-secrets.js';

export class InvalidWebhookSignatureError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super('Invalid webhook signature.');
  }
}

/**
 * Stripe's webhook signature over the raw body: checked on every event, real or from the test mode,
 * and made by the test mode exactly as Stripe makes it.
 */
@Injectable()
export class StripeWebhookSignature {
  private readonly stripe: Stripe;
  private readonly secret: string;

  constructor(@InjectConfig() config: AppConfig) {
    // Webhook verification needs no network; in test mode the key is never used for a request.
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY ?? 'sk_test_payola_built_in_test_mode');
    if (!config.STRIPE_SECRET_KEY) {
      this.secret = testModeSecret(config.SESSION_SECRET, 'stripe-webhook');
    } else if (config.STRIPE_WEBHOOK_SECRET) {
      this.secret = config.STRIPE_WEBHOOK_SECRET;
    } else {
      // apiConfigProblems refuses this at start-up; checked here for the types.
      throw new Error('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET');
    }
  }

  verify(rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
    try {
      if (!rawBody || !signature) throw new Error('missing body or signature');
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.secret);
    } catch {
      throw new InvalidWebhookSignatureError();
    }
  }

  /** For the test mode: signs a payload exactly as Stripe does. */
  sign(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
  }
}
