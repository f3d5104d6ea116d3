import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TPaymentStanding } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { paymentAlsoRead, paymentFold, paymentStanding, paymentStreamId } from '../../../domain/payment.js';
import { GetPaymentStanding } from './get-payment-standing.query.js';

/**
 * From the stream itself: once a report of the payment has been handled, every answer about it (the
 * first and each duplicate) reads what that report committed, with no projection lag in between.
 */
@QueryHandler(GetPaymentStanding)
export class GetPaymentStandingHandler implements IQueryHandler<GetPaymentStanding> {
  constructor(@Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository) {}

  async execute({ userId }: GetPaymentStanding): Promise<TPaymentStanding> {
    const { state } = await this.repository.load(
      paymentStreamId(userId),
      paymentFold,
      undefined,
      paymentAlsoRead(userId),
    );
    return paymentStanding(state);
  }
}
