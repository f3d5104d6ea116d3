import { z } from 'zod';
import { normalizeOfferCode, looksLikeGeneratedOfferCode, offerCodeCheckPasses } from '@app/domain';
import { storable, UNSTORABLE } from './text-fields.js';

/**
 * The Payola shop (issue #25): claimed artists and venues (and operators, platform-wide) offer rewards
 * for Payola; fans redeem them for a code; the offering member checks and marks codes at the door.
 * Redemption opens with the Listener milestone (`GET /api/shop/status`); offers may be created before.
 */
export const SHOP_MESSAGES = {
  notOpen:
    'The Payola shop opens at 10,000 verified fans and 10,000 verified artists. You can redeem Payola once it opens.',
  notEnoughPayola: 'Not enough Payola',
  perFanLimit: 'You have already redeemed this offer as many times as it allows.',
  soldOut: 'This offer is sold out.',
  withdrawn: 'This offer has been withdrawn.',
  notStarted: 'This offer is not available yet.',
  expired: 'This offer has expired.',
  offerNotFound: 'This offer does not exist.',
  busy: 'Too many redemptions at once. Please try again.',
  notYourEntry: 'You can create offers only for an artist or venue whose claim was approved for you.',
  platformOperatorsOnly: 'Only operators can create platform-wide offers, and only after their second factor.',
  platformInAppOnly: 'Platform-wide offers are in-app rewards.',
  notYourOffer: 'Only the member who offers this (or an operator) can do that.',
  alreadyWithdrawn: 'This offer was already withdrawn.',
  codeMistyped: 'This code has a typo: check each character and try again.',
  codeNotOurs: 'This code is not one of your offers’ codes.',
  codeNotRedeemed: 'This code has not been redeemed by a fan yet.',
  codeAlreadyUsed: 'This code was already used.',
  codeExpired: 'This code’s offer has expired.',
  codeWithdrawn: 'This code’s offer was withdrawn and its Payola refunded.',
  validTo: 'The end date must be after the start date.',
  validToPast: 'The end date must be in the future.',
  csvEmpty: 'The CSV file has no codes. Put one code per row.',
  csvBlank: (row: number) => `Row ${row} of the CSV file is blank. Put one code on every row.`,
  csvDuplicate: (code: string, rows: readonly number[]) =>
    `The code ${code} appears more than once in the CSV file (rows ${rows.join(' and ')}).`,
  csvBadCode: (row: number) =>
    `Row ${row} of the CSV file is not a code: use 4 to 40 letters, digits and dashes, with no spaces.`,
  csvMistyped: (row: number) => `Row ${row} of the CSV file looks like a Payola code but its check character is wrong.`,
  csvTooMany: (max: number) => `A CSV file holds at most ${max.toLocaleString('en-US')} codes.`,
  csvUnreadable: 'The CSV file could not be read. Put one code per row, with no other columns.',
  codeTaken: 'One of these codes is already used by another offer. Each code must be unique.',
} as const;

export const OFFER_KINDS = ['ticket-discount', 'merch-discount', 'vinyl-discount', 'in-app-reward'] as const;
export const ZOfferKind = z.enum(OFFER_KINDS);
export type TOfferKind = z.infer<typeof ZOfferKind>;

/** Shown on the offer and in the list's kind filter. */
export const OFFER_KIND_LABELS: Record<TOfferKind, string> = {
  'ticket-discount': 'Ticket discount',
  'merch-discount': 'Merch discount',
  'vinyl-discount': 'Vinyl discount',
  'in-app-reward': 'In-app reward',
};

/** How a code is used, when the offering member does not say (shown with the code and in its email). */
export const DEFAULT_HOW_TO_USE: Record<TOfferKind, string> = {
  'ticket-discount': 'Show this code at the box office, or enter it at checkout when you buy your ticket.',
  'merch-discount': 'Show this code at the merch stand, or enter it at checkout in the online store.',
  'vinyl-discount': 'Show this code when you buy the record, or enter it at checkout in the online store.',
  'in-app-reward': 'Your reward is unlocked on your account. Keep this code as your receipt.',
};

/** Whose offer it is: a claimed artist or venue, or the platform (operators' in-app rewards). */
export const ZOfferOwner = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('artist'), entryId: z.string() }),
  z.object({ kind: z.literal('venue'), entryId: z.string() }),
  z.object({ kind: z.literal('platform') }),
]);
export type TOfferOwner = z.infer<typeof ZOfferOwner>;

export const OFFER_MAX_PRICE = 1_000_000;
export const OFFER_MAX_CODES = 10_000;
export const OFFER_MAX_PER_FAN = 100;

/** An uploaded partner code, once normalized (upper case, no spaces): 4 to 40 letters, digits and dashes. */
export const UPLOADED_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,38}[A-Z0-9]$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (${max} characters at most).`)
    .refine(storable, UNSTORABLE);

/**
 * The codes of a new offer: `generate` n codes (the stock), or a CSV file's text (one code per row,
 * no header; duplicates, blanks and malformed rows are refused with the row named). Parsing the CSV
 * happens on the server (`POST /api/shop/offers` answers 400 with the message).
 */
export const ZOfferCodesInput = z.union([
  z.strictObject({
    generate: z.coerce
      .number({ error: 'Enter how many codes to generate.' })
      .int('The number of codes is a whole number.')
      .min(1, 'Generate at least 1 code.')
      .max(OFFER_MAX_CODES, `Generate at most ${OFFER_MAX_CODES.toLocaleString('en-US')} codes.`),
  }),
  z.strictObject({
    csv: z
      .string({ error: SHOP_MESSAGES.csvEmpty })
      .max(500_000, 'The CSV file is too large (500 kB at most).')
      .refine(storable, UNSTORABLE),
  }),
]);
export type TOfferCodesInput = z.infer<typeof ZOfferCodesInput>;

/** POST /api/shop/offers. Price, stock and limits are integers; the owner is checked against the session. */
export const ZCreateOfferRequest = z
  .strictObject({
    owner: ZOfferOwner,
    kind: ZOfferKind,
    title: text('Title', 120),
    description: text('Description', 2000),
    howToUse: z
      .string()
      .trim()
      .max(500, 'How to use it is too long (500 characters at most).')
      .refine(storable, UNSTORABLE)
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
    price: z.coerce
      .number({ error: 'Enter a price in Payola.' })
      .int('The price is a whole number of Payola.')
      .min(1, 'The price must be at least 1 Payola.')
      .max(OFFER_MAX_PRICE, `The price is at most ${OFFER_MAX_PRICE.toLocaleString('en-US')} Payola.`),
    perFanLimit: z.coerce
      .number({ error: 'Enter how many times one fan may redeem this offer.' })
      .int('The limit per fan is a whole number.')
      .min(1, 'A fan must be able to redeem it at least once.')
      .max(OFFER_MAX_PER_FAN, `The limit per fan is at most ${OFFER_MAX_PER_FAN}.`),
    validFrom: z.iso.datetime({ offset: true, error: 'Enter a valid start date.' }),
    validTo: z.iso.datetime({ offset: true, error: 'Enter a valid end date.' }),
    codes: ZOfferCodesInput,
  })
  .refine((offer) => Date.parse(offer.validTo) > Date.parse(offer.validFrom), {
    message: SHOP_MESSAGES.validTo,
    path: ['validTo'],
  });
export type TCreateOfferRequest = z.input<typeof ZCreateOfferRequest>;
export type TCreateOfferCommand = z.output<typeof ZCreateOfferRequest>;

export const OFFER_STATUSES = ['upcoming', 'active', 'sold-out', 'expired', 'withdrawn'] as const;
export const ZOfferStatus = z.enum(OFFER_STATUSES);
export type TOfferStatus = z.infer<typeof ZOfferStatus>;

/** An offer as lists and profiles show it (from the shop_offers read model). */
export const ZOffer = z.object({
  id: z.string(),
  kind: ZOfferKind,
  title: z.string(),
  description: z.string(),
  howToUse: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  remaining: z.number().int(),
  perFanLimit: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Whose offer: the artist or venue with its name as the catalogue shows it, or the platform. */
  owner: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('artist'), entryId: z.string(), name: z.string().nullable() }),
    z.object({ kind: z.literal('venue'), entryId: z.string(), name: z.string().nullable() }),
    z.object({ kind: z.literal('platform') }),
  ]),
  status: ZOfferStatus,
  createdAt: z.string(),
  /** How many times the asking member redeemed it (their limit is perFanLimit). */
  redeemedByYou: z.number().int(),
});
export type TOffer = z.infer<typeof ZOffer>;

/** GET /api/shop/offers: filters, search (title), affordable-only (price ≤ the asker's balance), keyset pages. */
export const SHOP_PAGE_SIZE = 20;
export const ZOfferListQuery = z.strictObject({
  kind: ZOfferKind.optional(),
  entryKind: z.enum(['artist', 'venue', 'platform']).optional(),
  entryId: z.string().trim().min(1).max(100).optional(),
  search: z.string().trim().max(100).refine(storable, UNSTORABLE).optional(),
  affordable: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Also list sold-out, expired and withdrawn offers (an entry's profile shows only what can be redeemed by default). */
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'This page link is not valid any more: open the shop again.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(SHOP_PAGE_SIZE),
});
export type TOfferListQuery = z.input<typeof ZOfferListQuery>;
export const ZOfferPage = z.object({ offers: z.array(ZOffer), nextCursor: z.string().nullable() });
export type TOfferPage = z.infer<typeof ZOfferPage>;

/** The answer of POST /api/shop/offers. */
export const ZCreateOfferResponse = z.object({ offer: ZOffer });
export type TCreateOfferResponse = z.infer<typeof ZCreateOfferResponse>;

/** POST /api/shop/offers/:id/redeem: nothing in the body (who and how much come from the session and the offer). */
export const ZRedeemOfferRequest = z.strictObject({});
export const ZRedeemOfferResponse = z.object({
  redemptionId: z.string(),
  offerId: z.string(),
  title: z.string(),
  code: z.string(),
  howToUse: z.string(),
  price: z.number().int(),
  /** The fan's balance after the spend, decided on the write side. */
  balance: z.number().int(),
  redeemedAt: z.string(),
});
export type TRedeemOfferResponse = z.infer<typeof ZRedeemOfferResponse>;

export const REDEMPTION_STATUSES = ['unused', 'used', 'expired', 'refunded'] as const;
/** GET /api/shop/redemptions: the fan's own, newest first, with their codes. */
export const ZMyRedemption = z.object({
  redemptionId: z.string(),
  offerId: z.string(),
  title: z.string(),
  kind: ZOfferKind,
  owner: ZOffer.shape.owner,
  code: z.string(),
  howToUse: z.string(),
  price: z.number().int(),
  validTo: z.string(),
  redeemedAt: z.string(),
  usedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  status: z.enum(REDEMPTION_STATUSES),
});
export type TMyRedemption = z.infer<typeof ZMyRedemption>;
export const ZMyRedemptionsQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'This page link is not valid any more: open your codes again.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(SHOP_PAGE_SIZE),
});
export const ZMyRedemptions = z.object({ redemptions: z.array(ZMyRedemption), nextCursor: z.string().nullable() });
export type TMyRedemptions = z.infer<typeof ZMyRedemptions>;

/** GET /api/shop/my-offers: the offering member's offers (an operator's: the platform's too), with counts. */
export const ZMyOffer = ZOffer.extend({
  redeemed: z.number().int(),
  used: z.number().int(),
  refunded: z.number().int(),
});
export type TMyOffer = z.infer<typeof ZMyOffer>;
export const ZMyOffers = z.object({
  offers: z.array(ZMyOffer),
  /** The entries this member may create offers for (approved claims), and whether platform offers are open to them. */
  entries: z.array(z.object({ kind: z.enum(['artist', 'venue']), entryId: z.string(), name: z.string().nullable() })),
  canOfferPlatform: z.boolean(),
});
export type TMyOffers = z.infer<typeof ZMyOffers>;

/** POST /api/shop/offers/:id/withdraw. */
export const ZWithdrawOfferRequest = z.strictObject({
  reason: z.string().trim().max(500, 'A reason is at most 500 characters.').refine(storable, UNSTORABLE).optional(),
});
export const ZWithdrawOfferResponse = z.object({
  offerId: z.string(),
  withdrawnAt: z.string(),
  /** Redeemed codes not yet used whose Payola went back to their fans with this withdrawal. */
  refunded: z.number().int(),
  refundedPayola: z.number().int(),
});
export type TWithdrawOfferResponse = z.infer<typeof ZWithdrawOfferResponse>;

/**
 * A code typed at the door: made canonical (case, spaces and dashes), and refused at once (400) when
 * it has our generated shape but a wrong check character, before any look-up.
 */
export const ZDoorCode = z
  .string({ error: 'Enter a code.' })
  .max(60, 'A code is at most 40 characters.')
  .transform(normalizeOfferCode)
  .refine((code) => code.length > 0, 'Enter a code.')
  .refine((code) => !looksLikeGeneratedOfferCode(code) || offerCodeCheckPasses(code), SHOP_MESSAGES.codeMistyped);

/** POST /api/shop/codes/check. */
export const ZCheckCodeRequest = z.strictObject({ code: ZDoorCode });
export type TCheckCodeRequest = z.input<typeof ZCheckCodeRequest>;
export const CODE_CHECK_STATUSES = ['valid', 'used', 'expired', 'withdrawn', 'not-redeemed', 'not-ours'] as const;
export const ZCheckCodeResponse = z.object({
  code: z.string(),
  status: z.enum(CODE_CHECK_STATUSES),
  /** What to say, for screen and screen reader: "Valid", "Already used on ...", ... */
  message: z.string(),
  /** The offer, when the code is one of the asker's (never for "not ours"). */
  offer: z.object({ id: z.string(), title: z.string(), kind: ZOfferKind }).nullable(),
  redeemedAt: z.string().nullable(),
  usedAt: z.string().nullable(),
});
export type TCheckCodeResponse = z.infer<typeof ZCheckCodeResponse>;

/** POST /api/shop/codes/use: marks a valid code used, once (a second mark answers 409 with when). */
export const ZUseCodeRequest = z.strictObject({ code: ZDoorCode });
export type TUseCodeRequest = z.input<typeof ZUseCodeRequest>;
export const ZUseCodeResponse = z.object({
  code: z.string(),
  offer: z.object({ id: z.string(), title: z.string(), kind: ZOfferKind }),
  usedAt: z.string(),
});
export type TUseCodeResponse = z.infer<typeof ZUseCodeResponse>;

/** GET /api/shop/status: open or not, and the milestone's live progress for the preview. */
export const ZShopStatus = z.object({
  open: z.boolean(),
  /** What each count must reach (the Listener milestone's, as configured). */
  targets: z.object({ verifiedFans: z.number().int(), verifiedArtists: z.number().int() }),
  verifiedFans: z.number().int(),
  verifiedArtists: z.number().int(),
  /** The asker's balance, decided on the write side (what redemption checks). */
  balance: z.number().int(),
});
export type TShopStatus = z.infer<typeof ZShopStatus>;

/** "Unlocks at 10,000 verified fans and 10,000 verified artists: 61 and 12 so far". */
export function shopPreviewText(status: Pick<TShopStatus, 'targets' | 'verifiedFans' | 'verifiedArtists'>): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `Unlocks at ${n(status.targets.verifiedFans)} verified fans and ${n(status.targets.verifiedArtists)} verified artists: ${n(status.verifiedFans)} and ${n(status.verifiedArtists)} so far`;
}
