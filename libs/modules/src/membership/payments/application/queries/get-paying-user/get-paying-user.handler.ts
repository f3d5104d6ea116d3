import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { GetAccount } from '../../../../../identity/index.js';
import { paymentAlsoRead, paymentFold, paymentStreamId } from '../../../domain/payment.js';
import { GetPayingUser, type PayingUser } from './get-paying-user.query.js';

@QueryHandler(GetPayingUser)
export class GetPayingUserHandler implements IQueryHandler<GetPayingUser> {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
  ) {}

  async execute({ userId }: GetPayingUser): Promise<PayingUser | null> {
    const account = await this.queries.execute(new GetAccount(userId));
    if (!account) return null;
    const { state } = await this.repository.load(
      paymentStreamId(userId),
      paymentFold,
      undefined,
      paymentAlsoRead(userId),
    );
    return { account, payment: state };
  }
}
