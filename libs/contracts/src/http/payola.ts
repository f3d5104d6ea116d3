import { z } from 'zod';

/** GET /api/payola/stats. */
export const ZPayolaStats = z.object({ currentBalance: z.number().int(), totalEarned: z.number().int() });
export type TPayolaStats = z.infer<typeof ZPayolaStats>;

/** One row of GET /api/payola/history (newest first). */
export const ZPayolaHistoryEntry = z.object({
  id: z.string(),
  action: z.string(),
  category: z.string(),
  description: z.string(),
  /** Signed: positive earned, negative spent or withdrawn. */
  amount: z.number().int(),
  /** The balance after this entry. */
  balance: z.number().int(),
  createdAt: z.string(),
});
export type TPayolaHistoryEntry = z.infer<typeof ZPayolaHistoryEntry>;
export const ZPayolaHistory = z.array(ZPayolaHistoryEntry);

/** docs/product.md §9: the Payola history shows ten entries a page. */
export const PAYOLA_HISTORY_PAGE_SIZE = 10;
export const PAYOLA_HISTORY_MAX_PAGE_SIZE = 100;
/** Response header of GET /api/payola/history: how many entries match the filters, over all pages. */
export const PAYOLA_HISTORY_TOTAL_HEADER = 'X-Total-Count';

/**
 * Query of GET /api/payola/history: filtered and paged on the server. The body stays the spec's array
 * of entries (newest first); the number of matching entries comes in the `X-Total-Count` header.
 * `since` is an instant the browser computes in its own time zone (local midnight for 'today',
 * 7 or 30 days back for 'week' and 'month'), so the server needs no knowledge of the user's zone.
 */
export const ZPayolaHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAYOLA_HISTORY_MAX_PAGE_SIZE).default(PAYOLA_HISTORY_PAGE_SIZE),
  // The year 0000 is valid ISO 8601 that PostgreSQL refuses to read ("date/time field value out of range").
  since: z.iso
    .datetime({ offset: true })
    .refine((value) => !value.startsWith('0000'), 'Please choose a date from the year 1 on')
    .optional(),
  category: z.string().trim().max(50).optional(),
  action: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
});
export type TPayolaHistoryQuery = z.infer<typeof ZPayolaHistoryQuery>;
