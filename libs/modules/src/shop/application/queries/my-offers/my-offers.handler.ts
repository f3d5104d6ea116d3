import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TMyOffers } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { OFFER_SELECT, offersOf, type OfferRow } from '../../services/offer-rows.js';
import { MyOffers } from './my-offers.query.js';

@QueryHandler(MyOffers)
export class MyOffersHandler implements IQueryHandler<MyOffers> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ actor }: MyOffers): Promise<TMyOffers> {
    const keys = actor.entries.map((entry) => `${entry.kind}:${entry.entryId}`);
    const { rows } = await this.pool.query<OfferRow>(
      `${OFFER_SELECT} where (o.owner_kind || ':' || o.entry_id) = any($2::text[])
         or ($3 and o.owner_kind = 'platform')
       order by o.position desc limit 500`,
      [actor.userId, keys, actor.operator],
    );
    const offers = await offersOf(this.pool, rows);
    return {
      offers: offers.map((offer, index) => ({
        ...offer,
        redeemed: rows[index]?.redeemed ?? 0,
        used: rows[index]?.used ?? 0,
        refunded: rows[index]?.refunded ?? 0,
      })),
      entries: actor.entries.map(({ kind, entryId, name }) => ({ kind, entryId, name })),
      canOfferPlatform: actor.operator,
    };
  }
}
