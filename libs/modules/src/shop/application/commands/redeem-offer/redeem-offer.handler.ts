import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TRedeemOfferResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventStore, ProjectionWaiter } from '@app/event-store';
import {
  EmailOutbox,
  InjectConfig,
  InjectLogger,
  InjectPool,
  type AppConfig,
  type Logger,
  type Pool,
} from '@app/platform';
import { GetAuthUser } from '../../../../identity/index.js';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { SHOP_OFFERS_PROJECTION } from '../../../shop-names.js';
import { redeemOffer } from '../../services/redemption.js';
import { RedeemOffer } from './redeem-offer.command.js';

/** A fan (the session's, payment completed) redeems: see redeemOffer for how it is exactly once. */
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
    const done = await redeemOffer(
      { pool: this.pool, store: this.store, publicUrl: this.config.PUBLIC_URL },
      { userId, email: user.email, firstName: user.firstName || 'there' },
      offerId,
    );
    for (const appended of done.appended) this.store.notifyAppended(appended);
    await this.outbox.relaySoon([done.outboxId], this.logger);
    const last = done.appended.at(-1);
    if (last) await this.waiter.waitFor(last.position, [PAYOLA_LEDGER_PROJECTION, SHOP_OFFERS_PROJECTION]);
    return done.answer;
  }
}
