import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { SHOP_MESSAGES, type TRedeemOfferResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventStore, ProjectionWaiter, type AppendResult } from '@app/event-store';
import {
  EmailOutbox,
  InjectConfig,
  InjectLogger,
  InjectPool,
  stageEmail,
  withTransaction,
  type AppConfig,
  type Logger,
  type Pool,
} from '@app/platform';
import { GetAuthUser } from '../../../../identity/index.js';
import { listenerMembershipOpen } from '../../../../outreach/index.js';
import { PAYOLA_LEDGER_PROJECTION, spendPayola } from '../../../../payola/index.js';
import { redemptionRefusal, redemptionStreamId } from '../../../domain/offer.js';
import { SHOP_OFFERS_PROJECTION } from '../../../shop-names.js';
import { redemptionEmail } from '../../emails/shop.emails.js';
import { claimCode, loadTerms, retryingConflicts } from '../../services/shop-store.js';
import { RedeemOffer } from './redeem-offer.command.js';

/**
 * Redemption, exactly once, in one transaction (docs/architecture.md, "The Payola shop"):
 * the gate (the Listener milestone in the log) → the offer's terms held `for share` (a withdrawal
 * waits for us, or we see it) → the fan's own spends in line (a transaction lock on their stream) → the
 * balance and per-fan limit decided on `payola-<userId>` → one code claimed → `PayolaSpent` appended
 * with the stream's expected version, `OfferRedeemed` on the new `redemption-<id>`, the email staged.
 * Any refusal appends nothing and takes no code; a version conflict (an award meanwhile) decides again.
 */
@CommandHandler(RedeemOffer)
export class RedeemOfferHandler implements ICommandHandler<RedeemOffer> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectConfig() private readonly config: AppConfig,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ userId, offerId }: RedeemOffer): Promise<TRedeemOfferResponse> {
    const user = await this.queries.execute(new GetAuthUser(userId));
    if (!user?.paymentCompleted) {
      throw new RefusedError('forbidden', 'Complete your membership payment before you redeem Payola.');
    }
    const done = await retryingConflicts(() =>
      withTransaction(this.pool, async (tx) => {
        if (!(await listenerMembershipOpen(this.store, tx))) throw new RefusedError('forbidden', SHOP_MESSAGES.notOpen);
        const terms = await loadTerms(tx, offerId, 'share');
        const refusal = redemptionRefusal(terms, new Date());
        if (refusal) throw new RefusedError('conflict', refusal);
        const redemptionId = randomUUID();
        const spent = await spendPayola(
          this.store,
          tx,
          {
            userId,
            amount: terms.price,
            offerId,
            redemptionId,
            perFanLimit: terms.perFanLimit,
            description: `Redeemed ${terms.title}`,
          },
          async (claimTx) => {
            const code = await claimCode(claimTx, offerId, userId, redemptionId);
            if (!code) throw new RefusedError('conflict', SHOP_MESSAGES.soldOut);
            return code;
          },
        );
        const redeemed = await this.store.append(
          redemptionStreamId(redemptionId),
          'no_stream',
          [
            {
              type: 'OfferRedeemed',
              data: { redemptionId, offerId, userId, codeId: spent.claimed.codeId, price: terms.price },
              metadata: { actingUserId: userId },
            },
          ],
          { client: tx },
        );
        const outboxId = await stageEmail(
          tx,
          redemptionEmail(user.email, user.firstName || 'there', {
            title: terms.title,
            code: spent.claimed.code,
            howToUse: terms.howToUse,
            price: terms.price,
            validTo: terms.validTo,
            publicUrl: this.config.PUBLIC_URL,
          }),
        );
        const answer: TRedeemOfferResponse = {
          redemptionId,
          offerId,
          title: terms.title,
          code: spent.claimed.code,
          howToUse: terms.howToUse,
          price: terms.price,
          balance: spent.balance,
          redeemedAt: spent.claimed.redeemedAt.toISOString(),
        };
        return { answer, appended: [spent.appended, redeemed] as AppendResult[], outboxId };
      }),
    );
    for (const appended of done.appended) this.store.notifyAppended(appended);
    await this.outbox.relaySoon([done.outboxId], this.logger);
    const last = done.appended[done.appended.length - 1];
    if (last) await this.waiter.waitFor(last.position, [PAYOLA_LEDGER_PROJECTION, SHOP_OFFERS_PROJECTION]);
    return done.answer;
  }
}
