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

export const payolaEvents = [PayolaAwarded] as const;
