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
