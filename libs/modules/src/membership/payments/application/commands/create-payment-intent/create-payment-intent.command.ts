import { Command } from '@nestjs/cqrs';
import type { TCreatePaymentIntentResponse } from '@app/contracts';

/** Opens (or continues) the signed-in user's checkout; `requestedUserId` is the body's, checked. */
export class CreatePaymentIntent extends Command<TCreatePaymentIntentResponse> {
  constructor(
    readonly userId: string,
    readonly requestedUserId?: string,
  ) {
    super();
  }
}
