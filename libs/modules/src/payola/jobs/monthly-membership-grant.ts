import { EventSourcedRepository, ProjectionWaiter, type EventStore } from '@app/event-store';
import type { Pool } from '@app/platform';
import { awardDecision, awardMetadata, payolaAccountFold, payolaStreamId } from '../application/award-payola.js';
import { MEMBERSHIP_EVENT_TYPES, membershipMonthsByUser, type MembershipEvent } from '../domain/membership-months.js';
import type { AwardRequest } from '../domain/payola-account.js';

export const MONTHLY_GRANT_QUEUE = 'payola-schedule';
export const MONTHLY_GRANT_JOB = 'grant-monthly-membership';
/** Runs daily (UTC); each run catches up every month still owed, so a missed or late run costs only delay. */
export const MONTHLY_GRANT_SCHEDULE = { id: 'monthly-membership-grant', pattern: '0 15 0 * * *', tz: 'UTC' } as const;

const SOURCE_PREFIX = 'monthly-membership:';

/**
 * Grants +100 Payola for every UTC calendar month, up to and including the month of `now`, in which
 * a fan's membership was active and that has not been granted yet: a month missed entirely (Redis
 * lost the schedule, the worker was down) is granted on the next run. Who was a member when is
 * read from the write side, the MembershipStarted and MembershipEnded events, by type (they are on
 * the payment streams, and on the user streams before ADR 0004), not from a projection that may lag
 * behind them. Each (user, month) is reserved once in
 * payola_award_sources with its PayolaAwarded event, and the award is decided against the user's
 * Payola stream with its expected version, so repeated and concurrent runs grant nothing twice.
 * Returns how many grants this run made.
 */
export async function grantMonthlyMembership(pool: Pool, store: EventStore, now = new Date()): Promise<number> {
  const repository = new EventSourcedRepository(pool, store, new ProjectionWaiter(pool));
  // All committed membership events, not only those below the log's visibility horizon: a grant
  // needs no stable cursor, and one hidden by a long transaction elsewhere would only delay it.
  const { rows: events } = await pool.query<MembershipEvent>(
    'select type, data from events where type = any($1::text[]) order by global_position',
    [MEMBERSHIP_EVENT_TYPES],
  );
  const owed = membershipMonthsByUser(events, now);
  if (owed.size === 0) return 0;
  const { rows: paid } = await pool.query<{ user_id: string; source: string }>(
    `select user_id, source from payola_award_sources where user_id = any($1::text[]) and starts_with(source, $2)`,
    [[...owed.keys()], SOURCE_PREFIX],
  );
  const alreadyPaid = new Set(paid.map((row) => `${row.user_id} ${row.source}`));
  let granted = 0;
  for (const [userId, months] of owed) {
    for (const month of months) {
      const source = `${SOURCE_PREFIX}${month}`;
      if (alreadyPaid.has(`${userId} ${source}`)) continue;
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
  }
  return granted;
}
