import { membershipMonth, REWARD_RULES, rewardAmount, ruleDefinition } from './reward-policy.js';

describe('Payola reward policy', () => {
  it('pays +1000 for an approved identity check', () => {
    expect(rewardAmount('identity-verified')).toBe(1000);
  });

  it('tiers artist and venue additions, then pays the flat amount', () => {
    expect([0, 1, 2, 3, 10].map((n) => rewardAmount('artist-added', { previouslyAdded: n }))).toEqual([
      1000, 500, 250, 50, 50,
    ]);
    expect([0, 1, 2, 3, 10].map((n) => rewardAmount('venue-added', { previouslyAdded: n }))).toEqual([
      750, 400, 200, 100, 100,
    ]);
  });

  it('pays 10 per new link and nothing for links the artist already had', () => {
    expect(rewardAmount('artist-link', { newLinks: 3 })).toBe(30);
    expect(rewardAmount('artist-link', { newLinks: 0 })).toBe(0);
  });

  it('pays once-per-entity rules once', () => {
    for (const rule of ['artist-verified', 'fan-message', 'venue-duplicate-confirmed'] as const) {
      expect(rewardAmount(rule)).toBe(25);
      expect(rewardAmount(rule, { alreadyRewarded: true })).toBe(0);
    }
  });

  it('pays +1 for a first upvote, -1 for withdrawing it and 0 for voting again', () => {
    expect(rewardAmount('upvote')).toBe(1);
    expect(rewardAmount('upvote-withdrawn')).toBe(-1);
    expect(rewardAmount('upvote', { alreadyRewarded: true })).toBe(0);
  });

  it('grants the monthly membership per UTC calendar month', () => {
    expect(rewardAmount('monthly-membership')).toBe(100);
    expect(membershipMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(membershipMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });

  it('describes every rule exactly once for the "How You Earn It" table', () => {
    const rules = REWARD_RULES.map((r) => r.rule);
    expect(new Set(rules).size).toBe(rules.length);
    expect(ruleDefinition('identity-verified')).toMatchObject({
      action: 'Identity verified',
      category: 'verification',
    });
  });
});
