import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SHOP_MESSAGES, type TOffer } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { InjectPool, type Pool } from '@app/platform';
import { OFFER_SELECT, offersOf, type OfferRow } from '../../services/offer-rows.js';
import { GetOffer } from './get-offer.query.js';

@QueryHandler(GetOffer)
export class GetOfferHandler implements IQueryHandler<GetOffer> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, offerId }: GetOffer): Promise<TOffer> {
    const { rows } = await this.pool.query<OfferRow>(`${OFFER_SELECT} where o.offer_id = $2`, [userId, offerId]);
    const [offer] = await offersOf(this.pool, rows);
    if (!offer) throw new RefusedError('not-found', SHOP_MESSAGES.offerNotFound);
    return offer;
  }
}
