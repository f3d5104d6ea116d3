import type { EventOfType } from '@app/contracts';
import { rewardAmount, ruleDefinition, type RewardContext, type RewardRule } from '@app/domain';

export const PAYOLA_EVENT_TYPES = ['PayolaAwarded'] as const;
export type PayolaEvent = EventOfType<(typeof PAYOLA_EVENT_TYPES)[number]>;

/** What the award rules need to know about one user's Payola, folded from `payola-<userId>`. */
export interface PayolaAccountState {
  /** Every source that already paid this user: each (user, source) pays at most once. */
  awardedSources: ReadonlySet<string>;
  /** How many awards of each rule the user has had (the tiers of 'artist-added' and 'venue-added'). */
  awardsByRule: ReadonlyMap<string, number>;
}

export function payolaStreamId(userId: string): string {
  return `payola-${userId}`;
}

export function evolvePayolaAccount(state: PayolaAccountState, event: PayolaEvent): PayolaAccountState {
  return {
    awardedSources: new Set(state.awardedSources).add(event.data.source),
    awardsByRule: new Map(state.awardsByRule).set(event.data.rule, (state.awardsByRule.get(event.data.rule) ?? 0) + 1),
  };
}

export const payolaAccountFold = {
  eventTypes: PAYOLA_EVENT_TYPES,
  initialState: (): PayolaAccountState => ({ awardedSources: new Set(), awardsByRule: new Map() }),
  evolve: evolvePayolaAccount,
};

export interface AwardRequest {
  userId: string;
  rule: RewardRule;
  description: string;
  /** What earned it, e.g. `user-<id>@3` or `monthly-membership:2026-11`. */
  source: string;
  /** Facts of the triggering action the rule reads (new links in a submission, ...). */
  context?: Pick<RewardContext, 'newLinks'>;
}

/** The policy; tests pass another to show that recorded amounts never change afterwards. */
export type AmountFor = (rule: RewardRule, context: RewardContext) => number;

/** What a rule would pay this user now (one link for 'artist-link'), before anything is decided. */
export function previewAward(state: PayolaAccountState, rule: RewardRule, amountFor: AmountFor = rewardAmount): number {
  return amountFor(rule, { newLinks: 1, previouslyAdded: state.awardsByRule.get(rule) ?? 0 });
}

/**
 * Decides a reward: nothing when this source already paid this user or the rule pays 0 here;
 * otherwise one PayolaAwarded with the amount the policy gives now, recorded as a fact.
 */
export function decideAward(
  state: PayolaAccountState,
  request: AwardRequest,
  amountFor: AmountFor = rewardAmount,
): PayolaEvent[] {
  if (state.awardedSources.has(request.source)) return [];
  const amount = amountFor(request.rule, {
    ...request.context,
    previouslyAdded: state.awardsByRule.get(request.rule) ?? 0,
  });
  if (amount === 0) return [];
  const { action, category } = ruleDefinition(request.rule);
  return [
    {
      type: 'PayolaAwarded',
      data: {
        userId: request.userId,
        amount,
        rule: request.rule,
        action,
        category,
        description: request.description,
        source: request.source,
      },
    },
  ];
}
