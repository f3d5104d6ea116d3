import { z } from 'zod';
import { defineEvent } from './define-event.js';

/**
 * A reward (or a correction) decided once: its amount is a fact, so replays give the same balances
 * even after the policy changes. Appended to the stream `payola-<userId>`.
 */
export const PayolaAwarded = defineEvent(
  'PayolaAwarded',
  z.object({
    userId: z.string(),
    amount: z.number().int(),
    rule: z.string(),
    action: z.string(),
    category: z.string(),
    description: z.string(),
    /** What earned it: `<streamId>@<version>` of the causing event, or e.g. `monthly-membership:2026-11`. */
    source: z.string(),
  }),
);

/**
 * Payola spent on a shop offer: a debit (`amount` positive, the ledger shows it negative), decided on
 * `payola-<userId>` with its expected version against the balance folded there, so the log never
 * holds an overdraft. `source` is `redemption:<redemptionId>`, reserved once like an award's.
 */
export const PayolaSpent = defineEvent(
  'PayolaSpent',
  z.object({
    userId: z.string(),
    amount: z.number().int().positive(),
    offerId: z.string(),
    redemptionId: z.string(),
    action: z.string(),
    category: z.string(),
    description: z.string(),
    source: z.string(),
  }),
);

/** A spend given back (its offer was withdrawn before the code was used): `source` is `refund:<redemptionId>`, once. */
export const PayolaRefunded = defineEvent(
  'PayolaRefunded',
  z.object({
    userId: z.string(),
    amount: z.number().int().positive(),
    offerId: z.string(),
    redemptionId: z.string(),
    action: z.string(),
    category: z.string(),
    description: z.string(),
    source: z.string(),
  }),
);

export const payolaEvents = [PayolaAwarded, PayolaSpent, PayolaRefunded] as const;
