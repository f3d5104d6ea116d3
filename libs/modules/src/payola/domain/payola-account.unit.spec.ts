import { rewardAmount } from '@app/domain';
import {
  decideAward,
  decideRefund,
  decideSpend,
  payolaAccountFold,
  SpendRefusedError,
  type PayolaEvent,
} from './payola-account.js';

const given = (events: PayolaEvent[]) => events.reduce(payolaAccountFold.evolve, payolaAccountFold.initialState());
const when = decideAward;

function awarded(rule: string, source: string, amount: number): PayolaEvent {
  return {
    type: 'PayolaAwarded',
    data: { userId: 'u1', amount, rule, action: 'x', category: 'artists', description: 'd', source },
  };
}

describe('Payola award rules', () => {
  it('pays the identity verification reward once, with the action and category of the rule', () => {
    const events = when(given([]), {
      userId: 'u1',
      rule: 'identity-verified',
      description: 'Welcome bonus for verifying your identity',
      source: 'identity-verified',
    });
    expect(events).toEqual([
      {
        type: 'PayolaAwarded',
        data: {
          userId: 'u1',
          amount: 1000,
          rule: 'identity-verified',
          action: 'Identity verified',
          category: 'verification',
          description: 'Welcome bonus for verifying your identity',
          source: 'identity-verified',
        },
      },
    ]);
  });

  it('pays nothing when the same source already paid this user', () => {
    const state = given([awarded('identity-verified', 'identity-verified', 1000)]);
    expect(
      when(state, { userId: 'u1', rule: 'identity-verified', description: 'again', source: 'identity-verified' }),
    ).toEqual([]);
  });

  it('pays the artist tiers in order: 1000, 500, 250, then 50 each', () => {
    const amounts: number[] = [];
    let state = given([]);
    for (let i = 1; i <= 5; i++) {
      const [event] = when(state, { userId: 'u1', rule: 'artist-added', description: 'a', source: `artist-${i}` });
      amounts.push(event!.data.amount);
      state = payolaAccountFold.evolve(state, event!);
    }
    expect(amounts).toEqual([1000, 500, 250, 50, 50]);
  });

  it('records the amount the policy gives at decision time, not a later one', () => {
    const doubled = (rule: Parameters<typeof rewardAmount>[0]) => 2 * rewardAmount(rule);
    const [event] = when(
      given([]),
      { userId: 'u1', rule: 'monthly-membership', description: 'm', source: 'monthly-membership:2026-11' },
      doubled,
    );
    expect(event!.data.amount).toBe(200);
  });

  it('records nothing for a rule that pays 0 in this context', () => {
    expect(
      when(given([]), {
        userId: 'u1',
        rule: 'artist-link',
        description: 'links',
        source: 's',
        context: { newLinks: 0 },
      }),
    ).toEqual([]);
  });
});

describe('Payola spent in the shop, refunded, and corrections at the balance', () => {
  const spendRequest = { userId: 'u1', amount: 100, offerId: 'o1', perFanLimit: 2, description: 'Redeemed Shirt' };
  const withBalance = (amount: number) => given([awarded('identity-verified', 'identity-verified', amount)]);

  it('spends what the balance covers, and records the cause', () => {
    expect(decideSpend(withBalance(100), { ...spendRequest, redemptionId: 'r1' })).toEqual([
      {
        type: 'PayolaSpent',
        data: {
          userId: 'u1',
          amount: 100,
          offerId: 'o1',
          redemptionId: 'r1',
          action: 'Redeemed',
          category: 'shop',
          description: 'Redeemed Shirt',
          source: 'redemption:r1',
        },
      },
    ]);
  });

  it('refuses a spend the balance does not cover ("Not enough Payola"), one short', () => {
    expect(() => decideSpend(withBalance(99), { ...spendRequest, redemptionId: 'r1' })).toThrow(
      new SpendRefusedError('Not enough Payola'),
    );
  });

  it('folds the balance as awards - spends + refunds, and refuses past the per-fan limit', () => {
    let state = withBalance(1000);
    for (const redemptionId of ['r1', 'r2']) {
      const [spent] = decideSpend(state, { ...spendRequest, redemptionId });
      state = payolaAccountFold.evolve(state, spent!);
    }
    expect(state.balance).toBe(800);
    expect(() => decideSpend(state, { ...spendRequest, redemptionId: 'r3' })).toThrow(/as many times as it allows/);
    const [refund] = decideRefund(state, { userId: 'u1', offerId: 'o1', redemptionId: 'r1', description: 'Refund' });
    expect(refund).toMatchObject({ type: 'PayolaRefunded', data: { amount: 100, source: 'refund:r1' } });
    state = payolaAccountFold.evolve(state, refund!);
    expect(state.balance).toBe(900);
  });

  it('refunds a redemption once, and never one that was not spent on this stream', () => {
    const [spent] = decideSpend(withBalance(100), { ...spendRequest, redemptionId: 'r1' });
    let state = payolaAccountFold.evolve(withBalance(100), spent!);
    const request = { userId: 'u1', offerId: 'o1', redemptionId: 'r1', description: 'Refund' };
    const [refund] = decideRefund(state, request);
    state = payolaAccountFold.evolve(state, refund!);
    expect(decideRefund(state, request)).toEqual([]);
    expect(decideRefund(state, { ...request, redemptionId: 'someone-elses' })).toEqual([]);
  });

  it('clamps a negative correction at the balance: -1 from 0 records nothing, -1 from 1 records -1', () => {
    const withdrawn = { userId: 'u1', rule: 'upvote-withdrawn' as const, description: 'w', source: 'w1' };
    const [spent] = decideSpend(withBalance(100), { ...spendRequest, redemptionId: 'r1' });
    expect(when(payolaAccountFold.evolve(withBalance(100), spent!), withdrawn)).toEqual([]);
    expect(when(withBalance(1), withdrawn)[0]?.data.amount).toBe(-1);
    expect(when(withBalance(1), withdrawn, () => -5)[0]?.data.amount).toBe(-1);
  });
});
