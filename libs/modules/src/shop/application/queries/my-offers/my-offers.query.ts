import { Query } from '@nestjs/cqrs';
import type { TMyOffers } from '@app/contracts';
import type { ShopActor } from '../../../domain/offer.js';

/** The offering member's offers with their counts, and the entries they may offer for. */
export class MyOffers extends Query<TMyOffers> {
  constructor(
    readonly actor: ShopActor & {
      entries: readonly { kind: 'artist' | 'venue'; entryId: string; name: string | null }[];
    },
  ) {
    super();
  }
}
