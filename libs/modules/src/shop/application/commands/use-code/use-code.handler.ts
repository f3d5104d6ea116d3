import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SHOP_MESSAGES, type TUseCodeResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventStore, ProjectionWaiter } from '@app/event-store';
import { InjectPool, withTransaction, type Pool } from '@app/platform';
import { doorMessage, doorStatus, redemptionStreamId } from '../../../domain/offer.js';
import { SHOP_OFFERS_PROJECTION } from '../../../shop-names.js';
import { findDoorCode } from '../../services/door-codes.js';
import { UseCode } from './use-code.command.js';

/**
 * "Mark used": single use under any concurrency. The row is updated only `where used_at is null and
 * refunded_at is null`, so of N racing marks (or a mark racing the offer's withdrawal) exactly one
 * changes it; the others are told when it was used. `OfferCodeUsed` goes on the redemption's stream
 * with its expected version in the same transaction.
 */
@CommandHandler(UseCode)
export class UseCodeHandler implements ICommandHandler<UseCode> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
  ) {}

  async execute({ actor, code }: UseCode): Promise<TUseCodeResponse> {
    const done = await withTransaction(this.pool, async (tx) => {
      const found = await findDoorCode(tx, actor, code);
      if (!found) throw new RefusedError('not-found', SHOP_MESSAGES.codeNotOurs);
      const status = doorStatus(found, new Date());
      if (status !== 'valid') throw new RefusedError('conflict', doorMessage(status, found));
      const { rows } = await tx.query<{ used_at: Date }>(
        `update shop_offer_codes set used_at = now(), used_by = $2
         where id = $1 and used_at is null and refunded_at is null returning used_at`,
        [found.codeId, actor.userId],
      );
      const usedAt = rows[0]?.used_at;
      if (!usedAt || !found.redemptionId) {
        // Another mark (or the withdrawal) committed first: say what it did.
        const now = await findDoorCode(tx, actor, code);
        const after = now ? doorStatus(now, new Date()) : 'not-ours';
        throw new RefusedError('conflict', doorMessage(after === 'valid' ? 'used' : after, now));
      }
      const stream = redemptionStreamId(found.redemptionId);
      const appended = await this.store.append(
        stream,
        await this.store.streamVersion(stream, tx),
        [
          {
            type: 'OfferCodeUsed',
            data: {
              redemptionId: found.redemptionId,
              offerId: found.offer.id,
              codeId: found.codeId,
              markedBy: actor.userId,
              usedAt: usedAt.toISOString(),
            },
            metadata: { actingUserId: actor.userId },
          },
        ],
        { client: tx },
      );
      return { answer: { code: found.code, offer: found.offer, usedAt: usedAt.toISOString() }, appended };
    });
    this.store.notifyAppended(done.appended);
    await this.waiter.waitFor(done.appended.position, [SHOP_OFFERS_PROJECTION]);
    return done.answer;
  }
}
