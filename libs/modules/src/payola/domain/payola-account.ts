import type { EventOfType } from '@app/contracts';
import { SHOP_MESSAGES } from '@app/contracts';
import { DomainError, rewardAmount, ruleDefinition, type RewardContext, type RewardRule } from '@app/domain';

export const PAYOLA_EVENT_TYPES = ['PayolaAwarded', 'PayolaSpent', 'PayolaRefunded'] as const;
export type PayolaEvent = EventOfType<(typeof PAYOLA_EVENT_TYPES)[number]>;
export type AwardEvent = EventOfType<'PayolaAwarded'>;

/** What the award rules need to know about one user's Payola, folded from `payola-<userId>`. */
export interface PayolaAccountState {
  /** Every source that already paid this user: each (user, source) pays at most once. */
  awardedSources: ReadonlySet<string>;
  /** How many awards of each rule the user has had (the tiers of 'artist-added' and 'venue-added'). */
  awardsByRule: ReadonlyMap<string, number>;
  /** Awards - spends + refunds: what the shop's decisions read (never below zero in the log). */
  balance: number;
  /** Spends per shop offer (the per-fan limit), refunds not subtracted: a refunded offer is withdrawn. */
  redemptionsByOffer: ReadonlyMap<string, number>;
  /** Redemptions spent and not refunded, with their amount: what a refund may give back, once. */
  refundable: ReadonlyMap<string, number>;
}

export function payolaStreamId(userId: string): string {
  return `payola-${userId}`;
}

export function evolvePayolaAccount(state: PayolaAccountState, event: PayolaEvent): PayolaAccountState {
  const awardedSources = new Set(state.awardedSources).add(event.data.source);
  switch (event.type) {
    case 'PayolaAwarded':
      return {
        ...state,
        awardedSources,
        awardsByRule: new Map(state.awardsByRule).set(
          event.data.rule,
          (state.awardsByRule.get(event.data.rule) ?? 0) + 1,
        ),
        balance: state.balance + event.data.amount,
      };
    case 'PayolaSpent':
      return {
        ...state,
        awardedSources,
        balance: state.balance - event.data.amount,
        redemptionsByOffer: new Map(state.redemptionsByOffer).set(
          event.data.offerId,
          (state.redemptionsByOffer.get(event.data.offerId) ?? 0) + 1,
        ),
        refundable: new Map(state.refundable).set(event.data.redemptionId, event.data.amount),
      };
    case 'PayolaRefunded': {
      const refundable = new Map(state.refundable);
      refundable.delete(event.data.redemptionId);
      return { ...state, awardedSources, balance: state.balance + event.data.amount, refundable };
    }
  }
}

export const payolaAccountFold = {
  eventTypes: PAYOLA_EVENT_TYPES,
  initialState: (): PayolaAccountState => ({
    awardedSources: new Set(),
    awardsByRule: new Map(),
    balance: 0,
    redemptionsByOffer: new Map(),
    refundable: new Map(),
  }),
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
): AwardEvent[] {
  if (state.awardedSources.has(request.source)) return [];
  const amount = amountFor(request.rule, {
    ...request.context,
    previouslyAdded: state.awardsByRule.get(request.rule) ?? 0,
  });
  // A correction (a vote withdrawn: -1) takes at most what is there: the log never holds a negative
  // balance, even when the Payola the vote earned was spent in the shop meanwhile.
  const clamped = amount < 0 ? Math.max(amount, -Math.max(state.balance, 0)) : amount;
  if (clamped === 0) return [];
  const { action, category } = ruleDefinition(request.rule);
  return [
    {
      type: 'PayolaAwarded',
      data: {
        userId: request.userId,
        amount: clamped,
        rule: request.rule,
        action,
        category,
        description: request.description,
        source: request.source,
      },
    },
  ];
}

/** A refusal of a spend the fan can read (409). */
export class SpendRefusedError extends DomainError {
  readonly kind = 'conflict' as const;
}

export interface SpendRequest {
  userId: string;
  amount: number;
  offerId: string;
  redemptionId: string;
  /** How many times this fan may redeem the offer. */
  perFanLimit: number;
  /** What the history shows: "Redeemed <offer title>". */
  description: string;
}

/** `redemption:<id>`: the spend's source, reserved once per (user, source) like an award's. */
export function spendSource(redemptionId: string): string {
  return `redemption:${redemptionId}`;
}
export function refundSource(redemptionId: string): string {
  return `refund:${redemptionId}`;
}

/**
 * Decides a shop spend against the balance folded from the fan's own stream: refused (nothing
 * appended) when the balance does not cover it or the fan reached the offer's limit. The caller
 * appends with the stream's expected version, so two spends decided on the same balance cannot both
 * commit: the later one decides again on the new balance.
 */
export function decideSpend(state: PayolaAccountState, request: SpendRequest): PayolaEvent[] {
  if (state.awardedSources.has(spendSource(request.redemptionId))) return [];
  if ((state.redemptionsByOffer.get(request.offerId) ?? 0) >= request.perFanLimit) {
    throw new SpendRefusedError(SHOP_MESSAGES.perFanLimit);
  }
  if (state.balance < request.amount) throw new SpendRefusedError(SHOP_MESSAGES.notEnoughPayola);
  return [
    {
      type: 'PayolaSpent',
      data: {
        userId: request.userId,
        amount: request.amount,
        offerId: request.offerId,
        redemptionId: request.redemptionId,
        action: 'Redeemed',
        category: 'shop',
        description: request.description,
        source: spendSource(request.redemptionId),
      },
    },
  ];
}

export interface RefundRequest {
  userId: string;
  offerId: string;
  redemptionId: string;
  description: string;
}

/** Gives a redemption's spend back, once, and only a spend that is on this stream: the amount is the spend's own. */
export function decideRefund(state: PayolaAccountState, request: RefundRequest): PayolaEvent[] {
  const amount = state.refundable.get(request.redemptionId);
  if (amount === undefined || state.awardedSources.has(refundSource(request.redemptionId))) return [];
  return [
    {
      type: 'PayolaRefunded',
      data: {
        userId: request.userId,
        amount,
        offerId: request.offerId,
        redemptionId: request.redemptionId,
        action: 'Refunded',
        category: 'shop',
        description: request.description,
        source: refundSource(request.redemptionId),
      },
    },
  ];
}
