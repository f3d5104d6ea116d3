import { Command } from '@nestjs/cqrs';
import type { WebhookOutcome } from '../complete-payment/complete-payment.command.js';

/** A monthly invoice of the subscription was paid. */
export class RenewMembership extends Command<WebhookOutcome> {
  constructor(
    readonly eventId: string,
    readonly subscriptionId: string,
    readonly paidUntil: Date,
  ) {
    super();
  }
}
