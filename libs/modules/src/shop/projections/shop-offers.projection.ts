import type { EventOfType } from '@app/contracts';
import { defineProjection, tailOf, type StoredEvent } from '@app/event-store';
import { SHOP_OFFERS_PROJECTION } from '../shop-names.js';

type ShopEvent = EventOfType<'OfferCreated' | 'OfferWithdrawn' | 'OfferRedeemed' | 'OfferCodeUsed' | 'PayolaRefunded'>;
type EventOf<T extends ShopEvent['type']> = StoredEvent<Extract<ShopEvent, { type: T }>>;

/**
 * The shop's read model: one row per offer (the lists, the profiles' offers, the offering member's
 * counts) and one per redemption (who redeemed what, used and refunded), both from the log alone, so
 * `ops verify` and a replay arrive at the same stock. A batch is applied set-based, one multi-row
 * statement (`unnest`) per kind of change, so a replay of a busy shop costs a few round trips per batch
 * rather than one per event; the rows are those of applying the events one by one in log order
 * (test/per-event-reference.ts keeps that code, shop-offers.projection.int.spec.ts compares them).
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
    // Log order within the batch decides: the first OfferCreated / OfferRedeemed of an id makes its row
    // (a repeat is nothing), the last withdrawal, use and refund of an id is the one that stays.
    const created = new Map<string, EventOf<'OfferCreated'>>();
    const redeemed = new Map<string, EventOf<'OfferRedeemed'>>();
    const withdrawn = new Map<string, Date>();
    const used = new Map<string, string>();
    const refunded = new Map<string, Date>();
    const touched = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'OfferCreated':
          if (!created.has(event.data.offerId)) created.set(event.data.offerId, event);
          break;
        case 'OfferWithdrawn':
          withdrawn.set(event.data.offerId, event.recordedAt);
          break;
        case 'OfferRedeemed':
          if (!redeemed.has(event.data.redemptionId)) redeemed.set(event.data.redemptionId, event);
          touched.add(event.data.offerId);
          break;
        case 'OfferCodeUsed':
          used.set(event.data.redemptionId, event.data.usedAt);
          touched.add(event.data.offerId);
          break;
        case 'PayolaRefunded':
          refunded.set(event.data.redemptionId, event.recordedAt);
          touched.add(event.data.offerId);
          break;
      }
    }
    if (created.size > 0) {
      const offers = [...created.values()];
      await db.query(
        `insert into shop_offers (offer_id, owner_kind, entry_id, created_by, kind, title, description, how_to_use,
           price, stock, per_fan_limit, valid_from, valid_to, created_at, position)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::text[], $9::int[], $10::int[], $11::int[], $12::timestamptz[], $13::timestamptz[], $14::timestamptz[],
           $15::bigint[])
         on conflict (offer_id) do nothing`,
        [
          offers.map((e) => e.data.offerId),
          offers.map((e) => e.data.owner.kind),
          offers.map((e) => (e.data.owner.kind === 'platform' ? null : e.data.owner.entryId)),
          offers.map((e) => e.data.createdBy),
          offers.map((e) => e.data.kind),
          offers.map((e) => e.data.title),
          offers.map((e) => e.data.description),
          offers.map((e) => e.data.howToUse),
          offers.map((e) => e.data.price),
          offers.map((e) => e.data.stock),
          offers.map((e) => e.data.perFanLimit),
          offers.map((e) => e.data.validFrom),
          offers.map((e) => e.data.validTo),
          offers.map((e) => e.recordedAt),
          offers.map((e) => e.globalPosition),
        ],
      );
    }
    if (redeemed.size > 0) {
      const rows = [...redeemed.values()];
      await db.query(
        `insert into shop_redemptions (redemption_id, offer_id, user_id, code_id, price, redeemed_at, position)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::bigint[])
         on conflict (redemption_id) do nothing`,
        [
          rows.map((e) => e.data.redemptionId),
          rows.map((e) => e.data.offerId),
          rows.map((e) => e.data.userId),
          rows.map((e) => e.data.codeId),
          rows.map((e) => e.data.price),
          rows.map((e) => e.recordedAt),
          rows.map((e) => e.globalPosition),
        ],
      );
    }
    // Uses and refunds after the redemptions they name are in (a code is used or refunded after it was redeemed).
    const marked = [...new Set([...used.keys(), ...refunded.keys()])];
    if (marked.length > 0) {
      await db.query(
        `update shop_redemptions r
         set used_at = coalesce(m.used_at, r.used_at), refunded_at = coalesce(m.refunded_at, r.refunded_at)
         from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as m(redemption_id, used_at, refunded_at)
         where r.redemption_id = m.redemption_id`,
        [marked, marked.map((id) => used.get(id) ?? null), marked.map((id) => refunded.get(id) ?? null)],
      );
    }
    // Withdrawals, and each touched offer recounted from its redemptions (a count, not an increment: a
    // batch delivered twice leaves the same rows), in one statement.
    const offers = [...new Set([...withdrawn.keys(), ...touched])];
    if (offers.length === 0) return;
    // The batch's tail: the COMMIT follows it in the same round trip (BatchTail).
    return tailOf([
      db.query(
        `update shop_offers o
       set withdrawn_at = coalesce(t.withdrawn_at, o.withdrawn_at),
           redeemed = coalesce(c.redeemed, o.redeemed), used = coalesce(c.used, o.used),
           refunded = coalesce(c.refunded, o.refunded)
       from unnest($1::text[], $2::timestamptz[], $3::boolean[]) as t(offer_id, withdrawn_at, recount)
       left join lateral (
         select count(*)::int as redeemed, count(used_at)::int as used, count(refunded_at)::int as refunded
         from shop_redemptions r where r.offer_id = t.offer_id and t.recount having count(*) > 0
       ) c on true
       where o.offer_id = t.offer_id`,
        [offers, offers.map((id) => withdrawn.get(id) ?? null), offers.map((id) => touched.has(id))],
      ),
    ]);
  },
});
