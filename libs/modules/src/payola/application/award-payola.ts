import type { EventStore, AppendResult } from '@app/event-store';
import type { Queryable } from '@app/platform';
import { ruleDefinition, type RewardRule } from '@app/domain';

export function payolaStreamId(userId: string): string {
  return `payola-${userId}`;
}

export interface Award {
  userId: string;
  rule: RewardRule;
  amount: number;
  description: string;
  /** What earned it; each (user, source) pays at most once. */
  source: string;
}

/**
 * Records a reward decided by the policy, once per (user, source), in the caller's transaction.
 * Returns null when this source already paid this user.
 */
export async function awardPayola(store: EventStore, db: Queryable, award: Award): Promise<AppendResult | null> {
  const reserved = await db.query(
    'insert into payola_award_sources (user_id, source) values ($1, $2) on conflict do nothing',
    [award.userId, award.source],
  );
  if (reserved.rowCount === 0) return null;
  const { action, category } = ruleDefinition(award.rule);
  return store.append(
    payolaStreamId(award.userId),
    'any',
    [
      {
        type: 'PayolaAwarded',
        data: { ...award, action, category },
        metadata: { actingUserId: award.userId, causationId: award.source },
      },
    ],
    { client: db },
  );
}
