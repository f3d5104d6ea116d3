import { Command } from '@nestjs/cqrs';
import type { WebhookOutcome } from '../complete-payment/complete-payment.command.js';

/** The subscription was cancelled, or Stripe stopped retrying its failed payment. */
export class EndMembership extends Command<WebhookOutcome> {
  constructor(
    readonly eventId: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
