import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TMyRedemption, TMyRedemptions, TOfferKind } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { entryNamesOf } from '../../../../catalog/index.js';
import { MyRedemptions } from './my-redemptions.query.js';

@QueryHandler(MyRedemptions)
export class MyRedemptionsHandler implements IQueryHandler<MyRedemptions> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, page }: MyRedemptions): Promise<TMyRedemptions> {
    const { rows } = await this.pool.query<{
      redemption_id: string;
      seq: string;
      code: string;
      redeemed_at: Date;
      used_at: Date | null;
      refunded_at: Date | null;
      offer_id: string;
      title: string;
      kind: TOfferKind;
      how_to_use: string;
      price: number;
      valid_to: Date;
      owner_kind: 'artist' | 'venue' | 'platform';
      entry_id: string | null;
    }>(
      `select c.redemption_id, c.redemption_seq::text as seq, c.code, c.redeemed_at, c.used_at, c.refunded_at,
              t.offer_id, t.title, t.kind, t.how_to_use, t.price, t.valid_to, t.owner_kind, t.entry_id
       from shop_offer_codes c join shop_offer_terms t using (offer_id)
       where c.redeemed_by = $1 and ($2::bigint is null or c.redemption_seq < $2::bigint)
       order by c.redemption_seq desc limit $3`,
      [userId, page.cursor ?? null, page.limit + 1],
    );
    const shown = rows.slice(0, page.limit);
    const names = await entryNamesOf(
      this.pool,
      shown.flatMap((row) =>
        row.owner_kind !== 'platform' && row.entry_id ? [{ kind: row.owner_kind, entryId: row.entry_id }] : [],
      ),
    );
    const now = new Date();
    const redemptions = shown.map((row): TMyRedemption => ({
      redemptionId: row.redemption_id,
      offerId: row.offer_id,
      title: row.title,
      kind: row.kind,
      owner:
        row.owner_kind === 'platform' || !row.entry_id
          ? { kind: 'platform' }
          : {
              kind: row.owner_kind,
              entryId: row.entry_id,
              name: names.get(`${row.owner_kind}:${row.entry_id}`) ?? null,
            },
      code: row.code,
      howToUse: row.how_to_use,
      price: row.price,
      validTo: row.valid_to.toISOString(),
      redeemedAt: row.redeemed_at.toISOString(),
      usedAt: row.used_at?.toISOString() ?? null,
      refundedAt: row.refunded_at?.toISOString() ?? null,
      status: row.refunded_at ? 'refunded' : row.used_at ? 'used' : now > row.valid_to ? 'expired' : 'unused',
    }));
    return { redemptions, nextCursor: rows.length > page.limit ? (shown[shown.length - 1]?.seq ?? null) : null };
  }
}
