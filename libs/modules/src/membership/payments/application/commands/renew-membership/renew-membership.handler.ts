import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { isFirstDelivery } from '../../../../webhook-deliveries.js';
import { decideRenewMembership, paymentAlsoRead, paymentFold, paymentStreamId } from '../../../domain/payment.js';
import { PaymentSessions } from '../../services/payment-sessions.js';
import type { WebhookOutcome } from '../complete-payment/complete-payment.command.js';
import { RenewMembership } from './renew-membership.command.js';

@CommandHandler(RenewMembership)
export class RenewMembershipHandler implements ICommandHandler<RenewMembership> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(PaymentSessions) private readonly sessions: PaymentSessions,
  ) {}

  async execute({ eventId, subscriptionId, paidUntil }: RenewMembership): Promise<WebhookOutcome> {
    const userId = await this.sessions.userForSubscription(subscriptionId);
    if (!userId) return 'ignored';
    const { result } = await this.repository.execute(
      paymentStreamId(userId),
      paymentFold,
      async (state, tx) => {
        if (!(await isFirstDelivery(tx, 'stripe', eventId))) return { events: [], result: 'duplicate' as const };
        const events = decideRenewMembership(state, {
          userId,
          subscriptionId,
          paidUntil: paidUntil.toISOString(),
          now: new Date().toISOString(),
        });
        return { events, result: events.length ? ('processed' as const) : ('ignored' as const) };
      },
      {
        metadata: { causationId: eventId },
        alsoRead: paymentAlsoRead(userId),
      },
    );
    return result;
  }
}
