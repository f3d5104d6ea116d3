import { randomUUID } from 'node:crypto';
import { SHOP_MESSAGES, type TRedeemOfferResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import type { AppendResult, EventStore } from '@app/event-store';
import { stageEmail, withTransaction, type Pool } from '@app/platform';
import { listenerMembershipOpen } from '../../../outreach/index.js';
import { payolaStreamId, spendPayola } from '../../../payola/index.js';
import { redemptionRefusal, redemptionStreamId } from '../../domain/offer.js';
import { redemptionEmail } from '../emails/shop.emails.js';
import {
  claimCode,
  claimedOf,
  claimInStatement,
  loadTerms,
  loadTermsLockingFan,
  retryingConflicts,
} from './shop-store.js';

export interface Redeemed {
  answer: TRedeemOfferResponse;
  /** Every append of the transaction, to notify the projectors after the commit. */
  appended: AppendResult[];
  /** The staged email's outbox id, to relay after the commit. */
  outboxId: string;
}

/**
 * Redemption, exactly once, in one transaction (docs/architecture.md, "The Payola shop"):
 * the gate (the Listener milestone in the log, remembered once seen) → the offer's terms (withdrawn,
 * window) and the fan's own spends in line (a transaction lock on their stream), one statement → the
 * balance and per-fan limit decided on what `payola-<userId>` holds (its version and sums, one statement,
 * with the spend's source reserved and one code claimed `skip locked`, one statement; when none was free,
 * claimCode's waiting pass after the decision) → `PayolaSpent` appended with the stream's expected
 * version, `OfferRedeemed` on the new `redemption-<id>`, the email staged. Seven round trips with BEGIN
 * and COMMIT (there were eleven). Any refusal appends nothing and takes no code (the
 * transaction rolls back); a version conflict (an award meanwhile) decides again.
 * The caller has checked who the fan is (the session, the payment) and notifies after the commit.
 */
export function redeemOffer(
  deps: { pool: Pool; store: EventStore; publicUrl: string },
  fan: { userId: string; email: string; firstName: string },
  offerId: string,
): Promise<Redeemed> {
  const { pool, store } = deps;
  return retryingConflicts(() =>
    withTransaction(pool, async (tx) => {
      if (!(await listenerMembershipOpen(store, tx))) throw new RefusedError('forbidden', SHOP_MESSAGES.notOpen);
      // The terms and the fan's Payola lock in one round trip (the spend below reads after the lock).
      const terms = await loadTermsLockingFan(tx, offerId, payolaStreamId(fan.userId));
      const refusal = redemptionRefusal(terms, new Date());
      if (refusal) throw new RefusedError('conflict', refusal);
      const redemptionId = randomUUID();
      const spent = await spendPayola(
        store,
        tx,
        {
          userId: fan.userId,
          amount: terms.price,
          offerId,
          redemptionId,
          perFanLimit: terms.perFanLimit,
          description: `Redeemed ${terms.title}`,
        },
        async (claimTx, claimedInStatement) => {
          const code = claimedOf(claimedInStatement) ?? (await claimCode(claimTx, offerId, fan.userId, redemptionId));
          if (code) return code;
          // No code: taken by others, or voided by a withdrawal that committed after we read the terms.
          const now = await loadTerms(claimTx, offerId, null);
          throw new RefusedError('conflict', now.withdrawnAt ? SHOP_MESSAGES.withdrawn : SHOP_MESSAGES.soldOut);
        },
        { streamLocked: true, claimInStatement: claimInStatement(offerId, fan.userId, redemptionId) },
      );
      const redeemed = await store.append(
        redemptionStreamId(redemptionId),
        'no_stream',
        [
          {
            type: 'OfferRedeemed',
            data: { redemptionId, offerId, userId: fan.userId, codeId: spent.claimed.codeId, price: terms.price },
            metadata: { actingUserId: fan.userId },
          },
        ],
        { client: tx },
      );
      const outboxId = await stageEmail(
        tx,
        redemptionEmail(fan.email, fan.firstName, {
          title: terms.title,
          code: spent.claimed.code,
          howToUse: terms.howToUse,
          price: terms.price,
          validTo: terms.validTo,
          publicUrl: deps.publicUrl,
        }),
      );
      return {
        answer: {
          redemptionId,
          offerId,
          title: terms.title,
          code: spent.claimed.code,
          howToUse: terms.howToUse,
          price: terms.price,
          balance: spent.balance,
          redeemedAt: spent.claimed.redeemedAt.toISOString(),
        },
        appended: [spent.appended, redeemed],
        outboxId,
      };
    }),
  );
}
