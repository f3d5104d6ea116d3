import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TPaymentResult } from '@app/contracts';
import { TestModeOnlyError } from '../../../../test-mode-only.error.js';
import { PAYMENT_CURRENCY, PaymentSessionNotFoundError } from '../../../domain/payment.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payment-provider.js';
import { StripeWebhookSignature } from '../../../stripe-webhook-signature.js';
import { chargeTestCard } from '../../../test-mode-payment-provider.js';
import { GetPaymentStanding } from '../../queries/get-payment-standing/get-payment-standing.query.js';
import { PaymentSessions, type PaymentSession } from '../../services/payment-sessions.js';
import { HandleStripeWebhook } from '../handle-stripe-webhook/handle-stripe-webhook.command.js';
import { SubmitTestCardPayment } from './submit-test-card-payment.command.js';

/**
 * The event Stripe sends when this checkout is paid: the first invoice (fans) or the payment intent.
 * `charged` is what the card paid: the checkout's amount, unless a test asked for another.
 */
function paidEvent(
  session: PaymentSession,
  userId: string,
  charged: { amountCents: number; currency: string },
): string {
  const created = Math.floor(Date.now() / 1000);
  const object = session.subscriptionId
    ? {
        id: session.paymentId,
        object: 'invoice',
        billing_reason: 'subscription_create',
        amount_due: session.amountCents,
        amount_paid: charged.amountCents,
        currency: charged.currency,
        status: 'paid',
        customer: session.customerId,
        period_end: created + 31 * 24 * 60 * 60,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: session.subscriptionId, metadata: { userId } },
        },
      }
    : {
        id: session.paymentId,
        object: 'payment_intent',
        amount: charged.amountCents,
        amount_received: charged.amountCents,
        currency: charged.currency,
        status: 'succeeded',
        customer: session.customerId,
        metadata: { userId },
      };
  return JSON.stringify({
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    type: session.subscriptionId ? 'invoice.paid' : 'payment_intent.succeeded',
    data: { object },
  });
}

/**
 * The built-in test mode's card form (only when no Stripe keys are set). It charges Stripe's test
 * cards, then delivers a Stripe-shaped event, signed the way Stripe signs, to the same webhook
 * handler that real Stripe events go through, and answers where the payment then stands: every
 * duplicate of a confirm gets the same answer as the first (one payment, one founding fan number).
 */
@CommandHandler(SubmitTestCardPayment)
export class SubmitTestCardPaymentHandler implements ICommandHandler<SubmitTestCardPayment> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PaymentSessions) private readonly sessions: PaymentSessions,
    @Inject(StripeWebhookSignature) private readonly signature: StripeWebhookSignature,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ userId, card }: SubmitTestCardPayment): Promise<TPaymentResult> {
    if (this.provider.mode !== 'test') throw new TestModeOnlyError('Not found');
    const session = await this.sessions.byClientSecret(card.clientSecret, userId);
    if (!session) throw new PaymentSessionNotFoundError();
    await this.sessions.recordCard(session.paymentId, chargeTestCard(card));
    const payload = paidEvent(session, userId, {
      amountCents: card.amountCents ?? session.amountCents,
      currency: card.currency?.toLowerCase() ?? PAYMENT_CURRENCY,
    });
    await this.commands.execute(new HandleStripeWebhook(Buffer.from(payload), this.signature.sign(payload)));
    const standing = await this.queries.execute(new GetPaymentStanding(userId));
    return { status: 'succeeded', paymentIntentId: session.paymentId, ...standing };
  }
}
