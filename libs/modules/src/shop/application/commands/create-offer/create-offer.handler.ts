import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEFAULT_HOW_TO_USE, SHOP_MESSAGES } from '@app/contracts';
import { generateOfferCode, RefusedError } from '@app/domain';
import { EventStore, ProjectionWaiter } from '@app/event-store';
import { InjectPool, withTransaction, type Pool, type Queryable } from '@app/platform';
import { assertMayCreate, offerStreamId } from '../../../domain/offer.js';
import { parseOfferCodesCsv } from '../../../domain/offer-codes-csv.js';
import { SHOP_OFFERS_PROJECTION } from '../../../shop-names.js';
import { CreateOffer } from './create-offer.command.js';

/** Inserts codes, skipping any already on file (any offer's): the codes that went in. */
async function insertCodes(db: Queryable, offerId: string, codes: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ code: string }>(
    `insert into shop_offer_codes (offer_id, code) select $1, unnest($2::text[])
     on conflict (code) do nothing returning code`,
    [offerId, codes],
  );
  return new Set(rows.map((row) => row.code));
}

@CommandHandler(CreateOffer)
export class CreateOfferHandler implements ICommandHandler<CreateOffer> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
  ) {}

  async execute({ actor, offer, requestId }: CreateOffer): Promise<{ offerId: string }> {
    assertMayCreate(actor, offer, new Date());
    const uploaded = 'csv' in offer.codes ? parseOfferCodesCsv(offer.codes.csv) : null;
    const offerId = randomUUID();
    const howToUse = offer.howToUse ?? DEFAULT_HOW_TO_USE[offer.kind];
    const appended = await withTransaction(this.pool, async (tx) => {
      await tx.query(
        `insert into shop_offer_terms (offer_id, owner_kind, entry_id, created_by, kind, title, how_to_use, price,
           per_fan_limit, valid_from, valid_to) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          offerId,
          offer.owner.kind,
          offer.owner.kind === 'platform' ? null : offer.owner.entryId,
          actor.userId,
          offer.kind,
          offer.title,
          howToUse,
          offer.price,
          offer.perFanLimit,
          offer.validFrom,
          offer.validTo,
        ],
      );
      let stock: number;
      if (uploaded) {
        // A partner's code must name one offer at the door: one already on file is refused, not shared.
        const inserted = await insertCodes(tx, offerId, uploaded);
        if (inserted.size < uploaded.length) throw new RefusedError('conflict', SHOP_MESSAGES.codeTaken);
        stock = uploaded.length;
      } else if ('generate' in offer.codes) {
        // ~40 random bits each: a repeat (in this batch or of a code on file) is rare, and is drawn again.
        const wanted = offer.codes.generate;
        let stored = 0;
        while (stored < wanted) {
          const batch = new Set<string>();
          while (batch.size < wanted - stored) batch.add(generateOfferCode());
          stored += (await insertCodes(tx, offerId, [...batch])).size;
        }
        stock = wanted;
      } else {
        throw new Error('an offer has generated or uploaded codes');
      }
      return this.store.append(
        offerStreamId(offerId),
        'no_stream',
        [
          {
            type: 'OfferCreated',
            data: {
              offerId,
              owner: offer.owner,
              createdBy: actor.userId,
              kind: offer.kind,
              title: offer.title,
              description: offer.description,
              howToUse,
              price: offer.price,
              stock,
              perFanLimit: offer.perFanLimit,
              validFrom: new Date(offer.validFrom).toISOString(),
              validTo: new Date(offer.validTo).toISOString(),
              codeSource: uploaded ? 'csv' : 'generated',
            },
            metadata: { actingUserId: actor.userId, requestId },
          },
        ],
        { client: tx },
      );
    });
    this.store.notifyAppended(appended);
    await this.waiter.waitFor(appended.position, [SHOP_OFFERS_PROJECTION]);
    return { offerId };
  }
}
