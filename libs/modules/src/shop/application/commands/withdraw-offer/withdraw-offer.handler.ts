import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SHOP_MESSAGES, type TWithdrawOfferResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventStore, ProjectionWaiter, type AppendResult } from '@app/event-store';
import { InjectPool, withTransaction, type Pool } from '@app/platform';
import { PAYOLA_LEDGER_PROJECTION, refundPayola } from '../../../../payola/index.js';
import { mayManage, offerStreamId } from '../../../domain/offer.js';
import { SHOP_OFFERS_PROJECTION } from '../../../shop-names.js';
import { loadTerms, retryingConflicts } from '../../services/shop-store.js';
import { WithdrawOffer } from './withdraw-offer.command.js';

/**
 * Withdrawal in one transaction: the offer's terms `for update` and marked withdrawn (a second
 * withdrawal waits and is told it was already withdrawn: nothing twice); every free code voided, row
 * by row, which waits for each redemption still holding a code it claimed (a redemption that starts
 * later finds no code, or sees the withdrawal); then, in a statement that sees those redemptions
 * committed, the redeemed and unused codes marked refunded (their row locks meet a door marking one
 * used at the same moment: one wins), a `PayolaRefunded` on each fan's stream (once per redemption: the
 * fold and the reservation row) and `OfferWithdrawn` on the offer's stream.
 */
@CommandHandler(WithdrawOffer)
export class WithdrawOfferHandler implements ICommandHandler<WithdrawOffer> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
  ) {}

  async execute({ actor, offerId, reason }: WithdrawOffer): Promise<TWithdrawOfferResponse> {
    const done = await retryingConflicts(() =>
      withTransaction(this.pool, async (tx) => {
        const terms = await loadTerms(tx, offerId, 'update');
        if (!mayManage(actor, terms.owner)) throw new RefusedError('forbidden', SHOP_MESSAGES.notYourOffer);
        if (terms.withdrawnAt) throw new RefusedError('conflict', SHOP_MESSAGES.alreadyWithdrawn);
        const { rows: withdrawn } = await tx.query<{ withdrawn_at: Date }>(
          'update shop_offer_terms set withdrawn_at = now() where offer_id = $1 returning withdrawn_at',
          [offerId],
        );
        await tx.query(
          'update shop_offer_codes set voided_at = now() where offer_id = $1 and redeemed_by is null and voided_at is null',
          [offerId],
        );
        const { rows: unused } = await tx.query<{ redemption_id: string; redeemed_by: string }>(
          `update shop_offer_codes set refunded_at = now()
           where offer_id = $1 and redeemed_by is not null and used_at is null and refunded_at is null
           returning redemption_id, redeemed_by`,
          [offerId],
        );
        const appended: AppendResult[] = [];
        let refundedPayola = 0;
        for (const code of unused) {
          const refund = await refundPayola(
            this.store,
            tx,
            {
              userId: code.redeemed_by,
              offerId,
              redemptionId: code.redemption_id,
              description: `Refund: ${terms.title} (offer withdrawn)`,
            },
            actor.userId,
          );
          if (!refund) continue;
          refundedPayola += refund.amount;
          appended.push(refund.appended);
        }
        const version = await this.store.streamVersion(offerStreamId(offerId), tx);
        appended.push(
          await this.store.append(
            offerStreamId(offerId),
            version,
            [
              {
                type: 'OfferWithdrawn',
                data: {
                  offerId,
                  withdrawnBy: actor.userId,
                  byOperator: actor.operator && !mayManage({ ...actor, operator: false }, terms.owner),
                  reason,
                  refunded: unused.length,
                },
                metadata: { actingUserId: actor.userId },
              },
            ],
            { client: tx },
          ),
        );
        const answer: TWithdrawOfferResponse = {
          offerId,
          withdrawnAt: (withdrawn[0]?.withdrawn_at ?? new Date()).toISOString(),
          refunded: unused.length,
          refundedPayola,
        };
        return { answer, appended };
      }),
    );
    for (const appended of done.appended) this.store.notifyAppended(appended);
    const last = done.appended[done.appended.length - 1];
    if (last) await this.waiter.waitFor(last.position, [SHOP_OFFERS_PROJECTION, PAYOLA_LEDGER_PROJECTION]);
    return done.answer;
  }
}
