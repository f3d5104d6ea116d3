import { membershipMonth, rewardAmount } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { withTransaction, type Pool } from '@app/platform';
import { awardPayola } from '../application/award-payola.js';

export const MONTHLY_GRANT_QUEUE = 'payola-schedule';
export const MONTHLY_GRANT_JOB = 'grant-monthly-membership';
/** Runs daily (UTC) so a missed or late run still grants the month; each (user, month) pays once. */
export const MONTHLY_GRANT_SCHEDULE = { id: 'monthly-membership-grant', pattern: '0 15 0 * * *', tz: 'UTC' } as const;

/**
 * Grants +100 Payola for the current UTC calendar month to every fan with an active membership
 * who has not had it yet. Safe to run any number of times.
 */
export async function grantMonthlyMembership(pool: Pool, store: EventStore, now = new Date()): Promise<number> {
  const month = membershipMonth(now);
  const source = `monthly-membership:${month}`;
  const { rows } = await pool.query<{ user_id: string }>(
    `select m.user_id from active_memberships m
     where not exists (select 1 from payola_award_sources s where s.user_id = m.user_id and s.source = $1)
     order by m.user_id`,
    [source],
  );
  let granted = 0;
  for (const { user_id: userId } of rows) {
    const result = await withTransaction(pool, (client) =>
      awardPayola(store, client, {
        userId,
        rule: 'monthly-membership',
        amount: rewardAmount('monthly-membership'),
        description: `Monthly membership, ${month}`,
        source,
      }),
    );
    if (result) {
      store.notifyAppended(result);
      granted += 1;
    }
  }
  return granted;
}
