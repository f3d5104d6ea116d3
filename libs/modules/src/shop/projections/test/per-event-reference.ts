import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import { shopOffersProjection } from '../shop-offers.projection.js';

type ShopEvent = EventOfType<'OfferCreated' | 'OfferWithdrawn' | 'OfferRedeemed' | 'OfferCodeUsed' | 'PayolaRefunded'>;

/**
 * The shop-offers projection as it was before it worked a batch at a time: one statement per event in
 * log order, then the touched offers recounted. Kept (for tests only) as the meaning the set-based
 * projection must reproduce row for row (shop-offers.projection.int.spec.ts).
 */
export const shopOffersReference = defineProjection<ShopEvent>({
  ...shopOffersProjection,
  async handle(events, db) {
    const touched = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'OfferCreated': {
          const offer = event.data;
          await db.query(
            `insert into shop_offers (offer_id, owner_kind, entry_id, created_by, kind, title, description, how_to_use,
               price, stock, per_fan_limit, valid_from, valid_to, created_at, position)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) on conflict (offer_id) do nothing`,
            [
              offer.offerId,
              offer.owner.kind,
              offer.owner.kind === 'platform' ? null : offer.owner.entryId,
              offer.createdBy,
              offer.kind,
              offer.title,
              offer.description,
              offer.howToUse,
              offer.price,
              offer.stock,
              offer.perFanLimit,
              offer.validFrom,
              offer.validTo,
              event.recordedAt,
              event.globalPosition,
            ],
          );
          break;
        }
        case 'OfferWithdrawn':
          await db.query('update shop_offers set withdrawn_at = $2 where offer_id = $1', [
            event.data.offerId,
            event.recordedAt,
          ]);
          break;
        case 'OfferRedeemed': {
          const { redemptionId, offerId, userId, codeId, price } = event.data;
          await db.query(
            `insert into shop_redemptions (redemption_id, offer_id, user_id, code_id, price, redeemed_at, position)
             values ($1, $2, $3, $4, $5, $6, $7) on conflict (redemption_id) do nothing`,
            [redemptionId, offerId, userId, codeId, price, event.recordedAt, event.globalPosition],
          );
          touched.add(offerId);
          break;
        }
        case 'OfferCodeUsed':
          await db.query('update shop_redemptions set used_at = $2 where redemption_id = $1', [
            event.data.redemptionId,
            event.data.usedAt,
          ]);
          touched.add(event.data.offerId);
          break;
        case 'PayolaRefunded':
          await db.query('update shop_redemptions set refunded_at = $2 where redemption_id = $1', [
            event.data.redemptionId,
            event.recordedAt,
          ]);
          touched.add(event.data.offerId);
          break;
      }
    }
    if (touched.size === 0) return;
    await db.query(
      `update shop_offers o set redeemed = c.redeemed, used = c.used, refunded = c.refunded
       from (select offer_id, count(*)::int as redeemed, count(used_at)::int as used, count(refunded_at)::int as refunded
             from shop_redemptions where offer_id = any($1::text[]) group by offer_id) c
       where o.offer_id = c.offer_id`,
      [[...touched]],
    );
  },
});
