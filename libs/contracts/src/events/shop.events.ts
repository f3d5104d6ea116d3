import { z } from 'zod';
import { defineEvent } from './define-event.js';

/**
 * The Payola shop's events. Offers live on `offer-<id>`, each redemption on `redemption-<id>`; the
 * Payola moved by them is `PayolaSpent` / `PayolaRefunded` on the fan's `payola-<userId>` (payola.events.ts).
 *
 * No event holds a code in clear: the codes are secrets until a fan holds one, and the log is kept
 * forever and read by every projection, replay and export. They stay in the shop's write-side table
 * `shop_offer_codes` (which the redemption, the door check and the fan's list read); an event names
 * a code by its row id. None of these payloads is personal data (ids, titles and amounts only).
 */
const ZOfferKind = z.enum(['ticket-discount', 'merch-discount', 'vinyl-discount', 'in-app-reward']);
const ZOfferOwner = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('artist'), entryId: z.string() }),
  z.object({ kind: z.literal('venue'), entryId: z.string() }),
  z.object({ kind: z.literal('platform') }),
]);

/** A claimed artist or venue (or an operator, for the platform) offered a reward; its codes were stored with it. */
export const OfferCreated = defineEvent(
  'OfferCreated',
  z.object({
    offerId: z.string(),
    owner: ZOfferOwner,
    createdBy: z.string(),
    kind: ZOfferKind,
    title: z.string(),
    description: z.string(),
    howToUse: z.string(),
    price: z.number().int().positive(),
    /** How many codes were stored: the stock. */
    stock: z.number().int().positive(),
    perFanLimit: z.number().int().positive(),
    validFrom: z.string(),
    validTo: z.string(),
    codeSource: z.enum(['generated', 'csv']),
  }),
);

/** The owner or an operator withdrew the offer; the redeemed codes not yet used were refunded with it. */
export const OfferWithdrawn = defineEvent(
  'OfferWithdrawn',
  z.object({
    offerId: z.string(),
    withdrawnBy: z.string(),
    byOperator: z.boolean(),
    reason: z.string().nullable(),
    refunded: z.number().int().nonnegative(),
  }),
);

/** A fan redeemed the offer: one code (named by its row id) is theirs; its Payola is the PayolaSpent of the same transaction. */
export const OfferRedeemed = defineEvent(
  'OfferRedeemed',
  z.object({
    redemptionId: z.string(),
    offerId: z.string(),
    userId: z.string(),
    codeId: z.string(),
    price: z.number().int().positive(),
  }),
);

/** The offering member (or an operator) marked the code used at the door, at `usedAt`. */
export const OfferCodeUsed = defineEvent(
  'OfferCodeUsed',
  z.object({
    redemptionId: z.string(),
    offerId: z.string(),
    codeId: z.string(),
    markedBy: z.string(),
    usedAt: z.string(),
  }),
);

export const shopEvents = [OfferCreated, OfferWithdrawn, OfferRedeemed, OfferCodeUsed] as const;
