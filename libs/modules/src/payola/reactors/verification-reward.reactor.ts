import type { EventOfType } from '@app/contracts';
import { defineReactor, forEachInItsRequest, type EventStore } from '@app/event-store';
import { loadAccount } from '../../identity/index.js';
import { awardPayola } from '../application/award-payola.js';
import type { AmountFor } from '../domain/payola-account.js';

export const VERIFICATION_REWARD_REACTOR = 'payola-verification-reward';

/**
 * A fan whose identity check is approved earns the policy's verification reward (+1000), once.
 * `amountFor` is the policy; tests pass another one to show that history keeps decided amounts.
 */
export function createVerificationRewardReactor(store: EventStore, amountFor?: AmountFor) {
  return defineReactor<EventOfType<'KycApproved'>>({
    kind: 'reactor',
    name: VERIFICATION_REWARD_REACTOR,
    eventTypes: ['KycApproved'],
    async handle(events, db) {
      // The reward's PayolaAwarded carries the request id of the approval that earned it.
      await forEachInItsRequest(events, async (event) => {
        const { userId } = event.data;
        const account = await loadAccount(store, userId, db);
        if (account?.role !== 'fan') return;
        await awardPayola(
          store,
          db,
          {
            userId,
            rule: 'identity-verified',
            description: 'Welcome bonus for verifying your identity',
            source: 'identity-verified',
          },
          amountFor,
        );
      });
    },
  });
}
