import type { AccountCreated, EventData, KycApproved } from '@app/contracts';
import { rewardAmount } from '@app/domain';
import type { EventStore, Reactor } from '@app/event-store';
import { awardPayola } from '../application/award-payola.js';

/**
 * A fan whose identity check is approved earns the policy's verification reward (+1000), once.
 * `amountFor` is the policy; tests pass another one to show that history keeps decided amounts.
 */
export const VERIFICATION_REWARD_REACTOR = 'payola-verification-reward';

export function createVerificationRewardReactor(store: EventStore, amountFor = rewardAmount): Reactor {
  return {
    kind: 'reactor',
    name: VERIFICATION_REWARD_REACTOR,
    eventTypes: ['KycApproved'],
    async handle(events, db) {
      for (const event of events) {
        const { userId } = event.data as EventData<typeof KycApproved>;
        const history = await store.readStream(event.streamId, db);
        const created = history.find((e) => e.type === 'AccountCreated')?.data as
          EventData<typeof AccountCreated> | undefined;
        if (created?.role !== 'fan') continue;
        await awardPayola(store, db, {
          userId,
          rule: 'identity-verified',
          amount: amountFor('identity-verified'),
          description: 'Welcome bonus for verifying your identity',
          source: 'identity-verified',
        });
      }
    },
  };
}
