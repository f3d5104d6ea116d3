import { Command } from '@nestjs/cqrs';
import type { TPaymentResult, TTestCardPaymentRequest } from '@app/contracts';

/** Test mode: the signed-in user pays their open checkout with one of Stripe's test cards. */
export class SubmitTestCardPayment extends Command<TPaymentResult> {
  constructor(
    readonly userId: string,
    readonly card: TTestCardPaymentRequest,
  ) {
    super();
  }
}
