import { Command } from '@nestjs/cqrs';
import type { TRedeemOfferResponse } from '@app/contracts';

/** The signed-in fan spends the offer's price on one of its codes. */
export class RedeemOffer extends Command<TRedeemOfferResponse> {
  constructor(
    readonly userId: string,
    readonly offerId: string,
  ) {
    super();
  }
}
