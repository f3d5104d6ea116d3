import { Query } from '@nestjs/cqrs';
import type { Account } from '../../../../../identity/index.js';
import type { PaymentState } from '../../../domain/payment.js';

/** Who pays (the identity module's account) and where their payment stands (their stream). */
export interface PayingUser {
  account: Account;
  payment: PaymentState;
}

export class GetPayingUser extends Query<PayingUser | null> {
  constructor(readonly userId: string) {
    super();
  }
}
