import { Command } from '@nestjs/cqrs';
import type { PaidPayment } from '../../../payment-provider.js';

/**
 * What a provider event did: applied, a redelivery of one already handled, nothing to do, or (a
 * payment report) recorded as not the amount or currency due, completing nothing.
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'amount-mismatch';

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
