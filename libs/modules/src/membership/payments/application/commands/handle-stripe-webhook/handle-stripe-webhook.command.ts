import { Command } from '@nestjs/cqrs';
import type { WebhookOutcome } from '../complete-payment/complete-payment.command.js';

/**
 * A Stripe webhook as received: the exact bytes and the signature header. Stripe's events and the
 * test mode's both come through here.
 */
export class HandleStripeWebhook extends Command<WebhookOutcome> {
  constructor(
    readonly rawBody: Buffer | undefined,
    readonly signature: string | undefined,
  ) {
    super();
  }
}
