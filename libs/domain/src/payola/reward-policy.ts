/**
 * The Payola reward policy (docs/decisions.md "Payola rules"): one table that decides every
 * amount, renders the "How You Earn It" table and previews rewards in the add forms. Amounts are
 * decided once and stored in the PayolaAwarded event, so changing this table never rewrites history.
 */
export type RewardRule =
  | 'identity-verified'
  | 'artist-added'
  | 'artist-link'
  | 'artist-verified'
  | 'fan-message'
  | 'venue-added'
  | 'venue-duplicate-confirmed'
  | 'upvote'
  | 'upvote-withdrawn'
  | 'monthly-membership';

export type RewardCategory = 'verification' | 'artists' | 'venues' | 'community' | 'membership';

export interface RewardRuleDefinition {
  rule: RewardRule;
  /** What the history shows in its "action" column. */
  action: string;
  category: RewardCategory;
  /** The "How You Earn It" row. */
  activity: string;
  reward: string;
}

export const REWARD_RULES: readonly RewardRuleDefinition[] = [
  {
    rule: 'identity-verified',
    action: 'Identity verified',
    category: 'verification',
    activity: 'Identity verification approved (fan)',
    reward: '+1,000, once',
  },
  {
    rule: 'artist-added',
    action: 'Artist added',
    category: 'artists',
    activity: 'Adding a new artist',
    reward: '1st +1,000, 2nd +500, 3rd +250, then +50 each',
  },
  {
    rule: 'artist-link',
    action: 'Artist link added',
    category: 'artists',
    activity: 'Each profile link new to an artist',
    reward: '+10 per link',
  },
  {
    rule: 'artist-verified',
    action: 'Artist verified',
    category: 'artists',
    activity: 'Verifying an existing artist',
    reward: '+25, once per artist',
  },
  {
    rule: 'fan-message',
    action: 'Fan message',
    category: 'artists',
    activity: 'Fan video message on an artist',
    reward: '+25, once per artist',
  },
  {
    rule: 'venue-added',
    action: 'Venue added',
    category: 'venues',
    activity: 'Adding a venue',
    reward: '1st +750, 2nd +400, 3rd +200, then +100 each',
  },
  {
    rule: 'venue-duplicate-confirmed',
    action: 'Duplicate venue confirmed',
    category: 'venues',
    activity: 'Confirming a duplicate venue ("Is this it?")',
    reward: '+25, once per venue',
  },
  {
    rule: 'upvote',
    action: 'Upvote',
    category: 'community',
    activity: 'First upvote of an artist or venue',
    reward: '+1',
  },
  {
    rule: 'upvote-withdrawn',
    action: 'Upvote withdrawn',
    category: 'community',
    activity: 'Withdrawing that upvote',
    reward: '-1 (voting again later earns 0)',
  },
  {
    rule: 'monthly-membership',
    action: 'Monthly membership',
    category: 'membership',
    activity: 'Active fan membership',
    reward: '+100 per calendar month',
  },
];

export function ruleDefinition(rule: RewardRule): RewardRuleDefinition {
  const definition = REWARD_RULES.find((r) => r.rule === rule);
  if (!definition) throw new Error(`Unknown reward rule ${rule}`);
  return definition;
}

const ARTIST_TIERS = [1000, 500, 250] as const;
const VENUE_TIERS = [750, 400, 200] as const;

/** The facts a decision needs; each rule reads only its own. */
export interface RewardContext {
  /** How many artists (or venues) this user added before this one. */
  previouslyAdded?: number;
  /** Links new to the artist in this submission. */
  newLinks?: number;
  /** Whether this user already received this rule for this entity (verify, fan message, vote). */
  alreadyRewarded?: boolean;
}

/** The amount (possibly 0 or negative) a rule pays in a context. */
export function rewardAmount(rule: RewardRule, context: RewardContext = {}): number {
  switch (rule) {
    case 'identity-verified':
      return 1000;
    case 'artist-added':
      return ARTIST_TIERS[context.previouslyAdded ?? 0] ?? 50;
    case 'artist-link':
      return 10 * Math.max(0, context.newLinks ?? 0);
    case 'artist-verified':
    case 'fan-message':
    case 'venue-duplicate-confirmed':
      return context.alreadyRewarded ? 0 : 25;
    case 'venue-added':
      return VENUE_TIERS[context.previouslyAdded ?? 0] ?? 100;
    case 'upvote':
      return context.alreadyRewarded ? 0 : 1;
    case 'upvote-withdrawn':
      return -1;
    case 'monthly-membership':
      return 100;
  }
}

/** The calendar month (UTC) a monthly grant belongs to, e.g. "2026-11". */
export function membershipMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}
