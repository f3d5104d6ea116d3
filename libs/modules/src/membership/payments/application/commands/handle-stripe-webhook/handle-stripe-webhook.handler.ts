import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type Command, type ICommandHandler } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import { readPaidPayment } from '../../../payment-provider.js';
import { StripeWebhookSignature } from '../../../stripe-webhook-signature.js';
import { CompletePayment, type WebhookOutcome } from '../complete-payment/complete-payment.command.js';
import { EndMembership } from '../end-membership/end-membership.command.js';
import { RenewMembership } from '../renew-membership/renew-membership.command.js';
import { HandleStripeWebhook } from './handle-stripe-webhook.command.js';

/** Subscription statuses after which the member is no longer paying (Stripe's retries are over). */
const ENDED_SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set(['unpaid', 'canceled', 'incomplete_expired']);

/** Which use case a verified Stripe event is for; null for events that change nothing here. */
function commandFor(event: Stripe.Event): Command<WebhookOutcome> | null {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return new CompletePayment(event.id, intent.id, readPaidPayment({ ...intent }));
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      if (invoice.billing_reason === 'subscription_create') {
        return new CompletePayment(event.id, String(invoice.id), readPaidPayment({ ...invoice }));
      }
      const subscription = invoice.parent?.subscription_details?.subscription;
      const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
      // Stripe always sends period_end; a hand-made event without one renews from now.
      const periodEnd = typeof invoice.period_end === 'number' ? new Date(invoice.period_end * 1000) : new Date();
      return subscriptionId ? new RenewMembership(event.id, subscriptionId, periodEnd) : null;
    }
    case 'customer.subscription.deleted':
      return new EndMembership(event.id, event.data.object.id);
    case 'customer.subscription.updated':
      // Stripe has stopped retrying a failed monthly payment (or the subscription was cancelled):
      // the membership, and with it the monthly Payola, ends until a payment succeeds again.
      return ENDED_SUBSCRIPTION_STATUSES.has(event.data.object.status)
        ? new EndMembership(event.id, event.data.object.id)
        : null;
    default:
      return null;
  }
}

@CommandHandler(HandleStripeWebhook)
export class HandleStripeWebhookHandler implements ICommandHandler<HandleStripeWebhook> {
  constructor(
    @Inject(StripeWebhookSignature) private readonly signature: StripeWebhookSignature,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ rawBody, signature }: HandleStripeWebhook): Promise<WebhookOutcome> {
    const command = commandFor(this.signature.verify(rawBody, signature));
    return command ? this.commands.execute(command) : 'ignored';
  }
}
