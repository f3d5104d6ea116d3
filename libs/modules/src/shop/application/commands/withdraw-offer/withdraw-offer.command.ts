import { Command } from '@nestjs/cqrs';
import type { TWithdrawOfferResponse } from '@app/contracts';
import type { ShopActor } from '../../../domain/offer.js';

/** The offer's owner (or an operator) withdraws it; every redeemed code not yet used is refunded, once. */
export class WithdrawOffer extends Command<TWithdrawOfferResponse> {
  constructor(
    readonly actor: ShopActor,
    readonly offerId: string,
    readonly reason: string | null,
  ) {
    super();
  }
}
