import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { cursorRows, type DataExportSections, type ExportRow } from '@app/platform';
import { ExportShopData } from './export-shop-data.query.js';

interface RedemptionRow {
  redemption_id: string;
  offer_id: string;
  title: string;
  code: string;
  price: number;
  redeemed_at: Date;
  used_at: Date | null;
  refunded_at: Date | null;
}

interface OfferRow {
  offer_id: string;
  owner_kind: string;
  entry_id: string | null;
  kind: string;
  title: string;
  how_to_use: string;
  price: number;
  per_fan_limit: number;
  valid_from: Date;
  valid_to: Date;
  withdrawn_at: Date | null;
  codes: number;
  redeemed: number;
  used: number;
  refunded: number;
}

/**
 * What the shop holds of the member, from its write side (what they were given is what the door
 * checks): every redemption with its code, oldest first, and the offers they created with how their
 * codes went. Both through cursors: a fan may have redeemed many times, an artist may have offered often.
 */
@QueryHandler(ExportShopData)
export class ExportShopDataHandler implements IQueryHandler<ExportShopData> {
  execute({ userId, db }: ExportShopData): Promise<DataExportSections> {
    async function* redemptions(): AsyncGenerator<ExportRow> {
      const rows = cursorRows<RedemptionRow>(
        db,
        `select c.redemption_id, t.offer_id, t.title, c.code, t.price, c.redeemed_at, c.used_at, c.refunded_at
         from shop_offer_codes c join shop_offer_terms t using (offer_id)
         where c.redeemed_by = $1 order by c.redemption_seq`,
        [userId],
      );
      for await (const row of rows) {
        yield {
          redemptionId: row.redemption_id,
          offerId: row.offer_id,
          offer: row.title,
          code: row.code,
          price: row.price,
          redeemedAt: row.redeemed_at.toISOString(),
          usedAt: row.used_at?.toISOString() ?? null,
          refunded: row.refunded_at !== null,
          refundedAt: row.refunded_at?.toISOString() ?? null,
        };
      }
    }
    async function* offers(): AsyncGenerator<ExportRow> {
      // The codes themselves are the fans' (each fan's export has theirs); the offer's own file counts them.
      const rows = cursorRows<OfferRow>(
        db,
        `select t.offer_id, t.owner_kind, t.entry_id, t.kind, t.title, t.how_to_use, t.price, t.per_fan_limit,
                t.valid_from, t.valid_to, t.withdrawn_at,
                (select count(*)::int from shop_offer_codes c where c.offer_id = t.offer_id) as codes,
                (select count(redeemed_by)::int from shop_offer_codes c where c.offer_id = t.offer_id) as redeemed,
                (select count(used_at)::int from shop_offer_codes c where c.offer_id = t.offer_id) as used,
                (select count(refunded_at)::int from shop_offer_codes c where c.offer_id = t.offer_id) as refunded
         from shop_offer_terms t where t.created_by = $1 order by t.valid_from, t.offer_id`,
        [userId],
      );
      for await (const row of rows) {
        yield {
          offerId: row.offer_id,
          offeredFor: row.owner_kind,
          entryId: row.entry_id,
          kind: row.kind,
          title: row.title,
          howToUse: row.how_to_use,
          price: row.price,
          perFanLimit: row.per_fan_limit,
          validFrom: row.valid_from.toISOString(),
          validTo: row.valid_to.toISOString(),
          withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
          codes: row.codes,
          redeemed: row.redeemed,
          used: row.used,
          refunded: row.refunded,
        };
      }
    }
    return Promise.resolve([
      {
        file: 'shop-redemptions',
        about:
          'Every offer you redeemed with Payola, oldest first: the offer, the code you were given, the price ' +
          'in Payola, when you redeemed it, when it was used at the door (empty if not yet), and whether ' +
          'its Payola was refunded (an offer withdrawn before the code was used).',
        columns: [
          'redemptionId',
          'offerId',
          'offer',
          'code',
          'price',
          'redeemedAt',
          'usedAt',
          'refunded',
          'refundedAt',
        ],
        rows: redemptions,
      },
      {
        file: 'shop-offers',
        about:
          'The offers you created in the Payola shop: for which artist or venue (or the platform), the terms, ' +
          'when withdrawn, and how many of their codes were redeemed, used and refunded.',
        columns: [
          'offerId',
          'offeredFor',
          'entryId',
          'kind',
          'title',
          'howToUse',
          'price',
          'perFanLimit',
          'validFrom',
          'validTo',
          'withdrawnAt',
          'codes',
          'redeemed',
          'used',
          'refunded',
        ],
        rows: offers,
      },
    ]);
  }
}
