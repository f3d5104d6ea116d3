import { Query } from '@nestjs/cqrs';
import type { TPayolaHistoryEntry, TPayolaHistoryQuery } from '@app/contracts';

export interface PayolaHistoryPage {
  entries: TPayolaHistoryEntry[];
  /** Entries matching the filters, over all pages. */
  total: number;
}

export class GetPayolaHistory extends Query<PayolaHistoryPage> {
  constructor(
    readonly userId: string,
    readonly filters: TPayolaHistoryQuery,
  ) {
    super();
  }
}
