import { Command } from '@nestjs/cqrs';
import type { PaidPayment } from '../../../payment-provider.js';

/** What a provider event did: applied, a redelivery of one already handled, or nothing to do. */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The provider reports a checkout's payment (payment intent or first invoice) as paid. `eventId`
 * names the report: a provider event, or the payer's return (`reconcile:<paymentId>`).
 */
export class CompletePayment extends Command<WebhookOutcome> {
  constructor(
    readonly eventId: string,
    readonly paymentId: string,
    readonly paid: PaidPayment,
  ) {
    super();
  }
}
