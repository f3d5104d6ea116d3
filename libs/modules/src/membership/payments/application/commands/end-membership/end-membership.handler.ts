import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { isFirstDelivery } from '../../../../webhook-deliveries.js';
import { decideEndMembership, paymentAlsoRead, paymentFold, paymentStreamId } from '../../../domain/payment.js';
import { PaymentSessions } from '../../services/payment-sessions.js';
import type { WebhookOutcome } from '../complete-payment/complete-payment.command.js';
import { EndMembership } from './end-membership.command.js';

@CommandHandler(EndMembership)
export class EndMembershipHandler implements ICommandHandler<EndMembership> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(PaymentSessions) private readonly sessions: PaymentSessions,
  ) {}

  async execute({ eventId, subscriptionId }: EndMembership): Promise<WebhookOutcome> {
    const userId = await this.sessions.userForSubscription(subscriptionId);
    if (!userId) return 'ignored';
    const { result } = await this.repository.execute(
      paymentStreamId(userId),
      paymentFold,
      async (state, tx) => {
        if (!(await isFirstDelivery(tx, 'stripe', eventId))) return { events: [], result: 'duplicate' as const };
        const events = decideEndMembership(state, { userId, now: new Date().toISOString() });
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
