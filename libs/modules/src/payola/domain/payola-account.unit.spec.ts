import { rewardAmount } from '@app/domain';
import { decideAward, payolaAccountFold, type PayolaEvent } from './payola-account.js';

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
