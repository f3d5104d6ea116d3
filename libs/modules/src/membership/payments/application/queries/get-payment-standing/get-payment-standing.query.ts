import { Query } from '@nestjs/cqrs';
import type { TPaymentStanding } from '@app/contracts';

/** Where the user's verification payment stands, read from their stream (not a read model). */
export class GetPaymentStanding extends Query<TPaymentStanding> {
  constructor(readonly userId: string) {
    super();
  }
}
