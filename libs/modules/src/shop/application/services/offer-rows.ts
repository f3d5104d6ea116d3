import type { TOffer } from '@app/contracts';
import type { Queryable } from '@app/platform';
import { entryNamesOf } from '../../../catalog/index.js';
import { offerStatus } from '../../domain/offer.js';

/** A row of the shop_offers read model, with the asker's redemptions of it. */
export interface OfferRow {
  offer_id: string;
  owner_kind: 'artist' | 'venue' | 'platform';
  entry_id: string | null;
  kind: TOffer['kind'];
  title: string;
  description: string;
  how_to_use: string;
  price: number;
  stock: number;
  redeemed: number;
  used: number;
  refunded: number;
  per_fan_limit: number;
  valid_from: Date;
  valid_to: Date;
  withdrawn_at: Date | null;
  created_at: Date;
  position: string;
  redeemed_by_you: number;
}

/** The select of offers for a user ($1): every column and how often this user redeemed it. */
export const OFFER_SELECT = `select o.*, o.position::text as position,
  (select count(*)::int from shop_redemptions r where r.offer_id = o.offer_id and r.user_id = $1) as redeemed_by_you
  from shop_offers o`;

/** Rows as answers, their artists' and venues' names asked of the catalogue in one statement. */
export async function offersOf(db: Queryable, rows: readonly OfferRow[], now = new Date()): Promise<TOffer[]> {
  const entries = rows.flatMap((row) =>
    row.owner_kind !== 'platform' && row.entry_id ? [{ kind: row.owner_kind, entryId: row.entry_id }] : [],
  );
  const names = await entryNamesOf(db, entries);
  return rows.map((row) => {
    const remaining = Math.max(row.stock - row.redeemed, 0);
    return {
      id: row.offer_id,
      kind: row.kind,
      title: row.title,
      description: row.description,
      howToUse: row.how_to_use,
      price: row.price,
      stock: row.stock,
      remaining,
      perFanLimit: row.per_fan_limit,
      validFrom: row.valid_from.toISOString(),
      validTo: row.valid_to.toISOString(),
      owner:
        row.owner_kind === 'platform' || !row.entry_id
          ? { kind: 'platform' }
          : {
              kind: row.owner_kind,
              entryId: row.entry_id,
              name: names.get(`${row.owner_kind}:${row.entry_id}`) ?? null,
            },
      status: offerStatus(
        { withdrawnAt: row.withdrawn_at, validFrom: row.valid_from, validTo: row.valid_to, remaining },
        now,
      ),
      createdAt: row.created_at.toISOString(),
      redeemedByYou: row.redeemed_by_you,
    };
  });
}
