import { Command } from '@nestjs/cqrs';
import type { TConfirmPaymentResponse } from '@app/contracts';

/** The signed-in user is back from the card provider: is their payment complete? */
export class ConfirmPayment extends Command<TConfirmPaymentResponse> {
  constructor(readonly userId: string) {
    super();
  }
}
