import type { TOfferKind } from '@app/contracts';
import type { Queryable } from '@app/platform';
import { mayManage, type DoorCode, type ShopActor } from '../../domain/offer.js';
import { ownerOf } from './shop-store.js';

export interface FoundDoorCode extends DoorCode {
  codeId: string;
  code: string;
  redemptionId: string | null;
  offer: { id: string; title: string; kind: TOfferKind };
}

/**
 * A code as the door may see it: one of the actor's offers' codes (their claimed entries', or any for
 * an operator), else null, whether it exists elsewhere or not at all: the answer never tells whose it is.
 */
export async function findDoorCode(db: Queryable, actor: ShopActor, code: string): Promise<FoundDoorCode | null> {
  const { rows } = await db.query<{
    id: string;
    code: string;
    redemption_id: string | null;
    redeemed_at: Date | null;
    used_at: Date | null;
    refunded_at: Date | null;
    offer_id: string;
    title: string;
    kind: TOfferKind;
    owner_kind: 'artist' | 'venue' | 'platform';
    entry_id: string | null;
    valid_to: Date;
  }>(
    `select c.id::text as id, c.code, c.redemption_id, c.redeemed_at, c.used_at, c.refunded_at,
            t.offer_id, t.title, t.kind, t.owner_kind, t.entry_id, t.valid_to
     from shop_offer_codes c join shop_offer_terms t using (offer_id) where c.code = $1`,
    [code],
  );
  const row = rows[0];
  if (!row || !mayManage(actor, ownerOf(row.owner_kind, row.entry_id))) return null;
  return {
    codeId: row.id,
    code: row.code,
    redemptionId: row.redemption_id,
    redeemedAt: row.redeemed_at,
    usedAt: row.used_at,
    refundedAt: row.refunded_at,
    validTo: row.valid_to,
    offer: { id: row.offer_id, title: row.title, kind: row.kind },
  };
}
