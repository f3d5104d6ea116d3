import { membershipMonth } from '@app/domain';
import { EventSourcedRepository, ProjectionWaiter, type EventStore } from '@app/event-store';
import type { Pool } from '@app/platform';
import { awardDecision, awardMetadata, payolaAccountFold, payolaStreamId } from '../application/award-payola.js';
import type { AwardRequest } from '../domain/payola-account.js';

export const MONTHLY_GRANT_QUEUE = 'payola-schedule';
export const MONTHLY_GRANT_JOB = 'grant-monthly-membership';
/** Runs daily (UTC) so a missed or late run still grants the month; each (user, month) pays once. */
export const MONTHLY_GRANT_SCHEDULE = { id: 'monthly-membership-grant', pattern: '0 15 0 * * *', tz: 'UTC' } as const;

/**
 * Grants +100 Payola for the current UTC calendar month to every fan with an active membership
 * who has not had it yet. Safe to run any number of times, and concurrently.
 */
export async function grantMonthlyMembership(pool: Pool, store: EventStore, now = new Date()): Promise<number> {
  const repository = new EventSourcedRepository(pool, store, new ProjectionWaiter(pool));
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
    const request: AwardRequest = {
      userId,
      rule: 'monthly-membership',
      description: `Monthly membership, ${month}`,
      source,
    };
    const { result } = await repository.execute(payolaStreamId(userId), payolaAccountFold, awardDecision(request), {
      metadata: awardMetadata(request),
    });
    if (result) granted += 1;
  }
  return granted;
}
