import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import { SHOP_OFFERS_PROJECTION } from '../shop-names.js';

type ShopEvent = EventOfType<'OfferCreated' | 'OfferWithdrawn' | 'OfferRedeemed' | 'OfferCodeUsed' | 'PayolaRefunded'>;

/**
 * The shop's read model: one row per offer (the lists, the profiles' offers, the offering member's
 * counts) and one per redemption (who redeemed what, used and refunded), both from the log alone, so
 * `ops verify` and a replay arrive at the same stock. Offers and redemptions are few beside votes, so a
 * batch applies one idempotent statement per event in log order, then recounts each touched offer from
 * its redemptions (a count, not an increment: a batch delivered twice leaves the same rows).
 */
export const shopOffersProjection = defineProjection<ShopEvent>({
  kind: 'projection',
  name: SHOP_OFFERS_PROJECTION,
  eventTypes: ['OfferCreated', 'OfferWithdrawn', 'OfferRedeemed', 'OfferCodeUsed', 'PayolaRefunded'],
  tables: ['shop_offers', 'shop_redemptions'],
  migrations: [
    {
      version: 1,
      description: 'shop offers with remaining stock, and redemptions',
      sql: `create table shop_offers (
              offer_id text primary key,
              owner_kind text not null,
              entry_id text,
              created_by text not null,
              kind text not null,
              title text not null,
              description text not null,
              how_to_use text not null,
              price integer not null,
              stock integer not null,
              redeemed integer not null default 0,
              used integer not null default 0,
              refunded integer not null default 0,
              per_fan_limit integer not null,
              valid_from timestamptz not null,
              valid_to timestamptz not null,
              withdrawn_at timestamptz,
              created_at timestamptz not null,
              position bigint not null
            );
            create index shop_offers_list on shop_offers (position desc);
            create index shop_offers_entry on shop_offers (owner_kind, entry_id, position desc);
            create table shop_redemptions (
              redemption_id text primary key,
              offer_id text not null,
              user_id text not null,
              code_id text not null,
              price integer not null,
              redeemed_at timestamptz not null,
              used_at timestamptz,
              refunded_at timestamptz,
              position bigint not null
            );
            create index shop_redemptions_offer on shop_redemptions (offer_id);
            create index shop_redemptions_user on shop_redemptions (user_id, offer_id);`,
    },
  ],
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
