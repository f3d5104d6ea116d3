import type { Migration } from '@app/platform';

/**
 * The shop's write side. `shop_offer_terms` holds what a redemption decides on (price, limit, dates,
 * withdrawal). `shop_offer_codes` holds the codes in clear (never in the log, see shop.events.ts): each
 * row is claimed by one redemption (`update ... where redeemed_by is null and voided_at is null`, taken
 * `for update skip locked`), marked used once (`where used_at is null`) and refunded once. A withdrawal
 * voids the free codes row by row, so it waits for each redemption still holding one and then refunds it:
 * redemptions and withdrawals meet on the code rows, never on one shared row of the offer.
 */
export const shop0016: Migration = {
  name: '0016-shop',
  description: 'shop offers: terms, codes (claimed once, used once, refunded once)',
  sql: `
      create table shop_offer_terms (
        offer_id text primary key,
        owner_kind text not null check (owner_kind in ('artist', 'venue', 'platform')),
        entry_id text,
        created_by text not null,
        kind text not null,
        title text not null,
        how_to_use text not null,
        price integer not null check (price > 0),
        per_fan_limit integer not null check (per_fan_limit > 0),
        valid_from timestamptz not null,
        valid_to timestamptz not null,
        withdrawn_at timestamptz,
        check ((owner_kind = 'platform') = (entry_id is null))
      );
      create index shop_offer_terms_entry on shop_offer_terms (owner_kind, entry_id);

      create sequence shop_redemption_seq;
      create table shop_offer_codes (
        id bigint generated always as identity primary key,
        offer_id text not null references shop_offer_terms (offer_id),
        code text not null unique,
        redemption_id text unique,
        redemption_seq bigint unique,
        redeemed_by text,
        redeemed_at timestamptz,
        used_at timestamptz,
        used_by text,
        refunded_at timestamptz,
        voided_at timestamptz,
        check (voided_at is null or redeemed_by is null),
        check ((redeemed_by is null) = (redemption_id is null)),
        check (used_at is null or redeemed_by is not null),
        check (used_at is null or refunded_at is null)
      );
      create index shop_offer_codes_free on shop_offer_codes (offer_id, id) where redeemed_by is null and voided_at is null;
      create index shop_offer_codes_fan on shop_offer_codes (redeemed_by, redemption_seq desc) where redeemed_by is not null;
    `,
};
