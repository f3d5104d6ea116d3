import { Command } from '@nestjs/cqrs';
import type { TCreateOfferCommand } from '@app/contracts';
import type { ShopActor } from '../../../domain/offer.js';

/** An offer for an entry the actor claimed, or (an operator) for the platform; answers the new offer's id. */
export class CreateOffer extends Command<{ offerId: string }> {
  constructor(
    readonly actor: ShopActor,
    readonly offer: TCreateOfferCommand,
    readonly requestId?: string,
  ) {
    super();
  }
}
