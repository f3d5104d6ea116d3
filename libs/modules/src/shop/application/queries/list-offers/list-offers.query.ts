import { Query } from '@nestjs/cqrs';
import type { TOfferPage, ZOfferListQuery } from '@app/contracts';
import type { z } from 'zod';

/** The shop's offers, newest first, filtered, a keyset page at a time (from the shop-offers read model). */
export class ListOffers extends Query<TOfferPage> {
  constructor(
    readonly userId: string,
    readonly filters: z.output<typeof ZOfferListQuery>,
  ) {
    super();
  }
}
