import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { InjectLogger, type Logger } from '@app/platform';
import { GetAccount } from '../../../../../identity/index.js';
import { assignFoundingFanNumber } from '../../../../founding-fans/founding-fan-numbers.js';
import { isFirstDelivery } from '../../../../webhook-deliveries.js';
import {
  decideCompletePayment,
  needsFoundingFanNumber,
  PAYMENT_CURRENCY,
  PaymentOfAnotherAccountError,
  paymentAlsoRead,
  paymentFold,
  paymentStreamId,
  type CompletePaymentInput,
} from '../../../domain/payment.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payment-provider.js';
import { PaymentSessions } from '../../services/payment-sessions.js';
import { CompletePayment, type WebhookOutcome } from './complete-payment.command.js';

/**
 * Records the payment once. The user it belongs to comes from our own checkout, never from the
 * provider's event alone, and so does what is due: a report of another amount or currency is recorded
 * as such and completes nothing. The dedupe row, the founding fan number and the events commit
 * together; a concurrent report of the same payment waits for them and then finds the payment done.
 */
@CommandHandler(CompletePayment)
export class CompletePaymentHandler implements ICommandHandler<CompletePayment> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PaymentSessions) private readonly sessions: PaymentSessions,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ eventId, paymentId, paid }: CompletePayment): Promise<WebhookOutcome> {
    const session = await this.sessions.byPaymentId(paymentId);
    if (!session) {
      this.logger.warn({ paymentId }, 'payment has no payment session here; ignored');
      return 'ignored';
    }
    const { userId } = session;
    if (paid.claimedUserId && paid.claimedUserId !== userId) throw new PaymentOfAnotherAccountError();
    const account = await this.queries.execute(new GetAccount(userId));
    if (!account) {
      this.logger.warn({ paymentId, userId }, 'payment session of an unknown account; ignored');
      return 'ignored';
    }
    const card = await this.provider.cardDetails(paymentId);
    const payment: Omit<CompletePaymentInput, 'foundingFanNumber' | 'paidAt'> = {
      role: account.role,
      userId,
      paid: { amountCents: paid.amountCents, currency: paid.currency },
      due: { amountCents: session.amountCents, currency: PAYMENT_CURRENCY },
      provider: this.provider.mode === 'stripe' ? 'stripe' : 'stripe-test-mode',
      providerPaymentId: paymentId,
      customerId: session.customerId,
      subscriptionId: session.subscriptionId,
      cardLast4: card.last4,
      cardBrand: card.brand,
    };
    const { result } = await this.repository.execute(
      paymentStreamId(userId),
      paymentFold,
      async (state, tx) => {
        if (!(await isFirstDelivery(tx, 'stripe', eventId))) return { events: [], result: 'duplicate' as const };
        // Numbers are handed out in this transaction: a payment that rolls back gives its number back.
        const foundingFanNumber = needsFoundingFanNumber(state, payment)
          ? await assignFoundingFanNumber(tx, userId)
          : null;
        const events = decideCompletePayment(state, {
          ...payment,
          paidAt: new Date().toISOString(),
          foundingFanNumber,
        });
        if (events.length === 0) return { events, result: 'ignored' as const };
        if (events.some((event) => event.type === 'PaymentAmountMismatched')) {
          return { events, result: 'amount-mismatch' as const };
        }
        await this.sessions.markCompleted(tx, paymentId);
        return { events, result: 'processed' as const };
      },
      {
        metadata: { causationId: eventId },
        alsoRead: paymentAlsoRead(userId),
      },
    );
    if (result === 'amount-mismatch') {
      this.logger.warn(
        { paymentId, userId, paid: payment.paid, due: payment.due },
        'a payment was reported with another amount or currency than due; the payment is not complete',
      );
    }
    return result;
  }
}
