import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventStore } from '@app/event-store';
import { GetAccount, type Account } from './get-account.query.js';
import { loadAccount } from './load-account.js';

@QueryHandler(GetAccount)
export class GetAccountHandler implements IQueryHandler<GetAccount> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  execute({ userId }: GetAccount): Promise<Account | null> {
    return loadAccount(this.store, userId);
  }
}
