import { retryOnStreamConflict, StreamVersionConflictError } from '@app/event-store';
import { RefusedError } from '@app/domain';
import { SHOP_MESSAGES, type TOfferOwner } from '@app/contracts';
import type { Queryable } from '@app/platform';
import { payolaStreamLockSql, type ClaimInStatement } from '../../../payola/index.js';
import type { OfferTerms } from '../../domain/offer.js';

/** A row of shop_offer_terms. */
interface TermsRow {
  offer_id: string;
  owner_kind: 'artist' | 'venue' | 'platform';
  entry_id: string | null;
  created_by: string;
  kind: OfferTerms['kind'];
  title: string;
  how_to_use: string;
  price: number;
  per_fan_limit: number;
  valid_from: Date;
  valid_to: Date;
  withdrawn_at: Date | null;
}

export function ownerOf(kind: 'artist' | 'venue' | 'platform', entryId: string | null): TOfferOwner {
  return kind === 'platform' || entryId === null ? { kind: 'platform' } : { kind, entryId };
}

/**
 * An offer's terms from the write side; `update` for the withdrawal (two withdrawals wait for each other).
 * A redemption reads them without a lock: a share lock of one offer's row by every redemption at once
 * would make PostgreSQL write a new multixact into that one tuple for each of them.
 */
export async function loadTerms(db: Queryable, offerId: string, lock: 'update' | null): Promise<OfferTerms> {
  const { rows } = await db.query<TermsRow>(
    `select * from shop_offer_terms where offer_id = $1 ${lock ? `for ${lock}` : ''}`,
    [offerId],
  );
  return termsOf(rows[0]);
}

/**
 * A redemption's first statement: the offer's terms (without a row lock, as loadTerms) and, in the same
 * round trip, the fan's Payola stream lock (`payolaStreamLockSql`), which a burst of one fan's
 * redemptions waits on. The statement after it (the spend's state) starts its snapshot once the lock is
 * held, so it sees every spend committed before; the terms may be older than that, as they could always
 * be (a withdrawal meanwhile shows as no code to claim, see redemption.ts).
 */
export async function loadTermsLockingFan(db: Queryable, offerId: string, payolaStreamId: string): Promise<OfferTerms> {
  const { rows } = await db.query<TermsRow>(
    `select t.*, ${payolaStreamLockSql('$2')} from shop_offer_terms t where t.offer_id = $1`,
    [offerId, payolaStreamId],
  );
  return termsOf(rows[0]);
}

function termsOf(row: TermsRow | undefined): OfferTerms {
  if (!row) throw new RefusedError('not-found', SHOP_MESSAGES.offerNotFound);
  return {
    offerId: row.offer_id,
    owner: ownerOf(row.owner_kind, row.entry_id),
    createdBy: row.created_by,
    kind: row.kind,
    title: row.title,
    howToUse: row.how_to_use,
    price: row.price,
    perFanLimit: row.per_fan_limit,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    withdrawnAt: row.withdrawn_at,
  };
}

export interface ClaimedCode {
  codeId: string;
  code: string;
  redeemedAt: Date;
}

const CLAIM = `update shop_offer_codes
  set redeemed_by = $2, redemption_id = $3, redeemed_at = now(), redemption_seq = nextval('shop_redemption_seq')
  where id = (select id from shop_offer_codes where offer_id = $1 and redeemed_by is null and voided_at is null order by id
              for update %LOCK% limit 1)
  returning id::text as code_id, code, redeemed_at`;

/**
 * The first, non-waiting claim (`skip locked`: concurrent redemptions take different codes) as a CTE
 * for the spend's own statement (spendPayola's `claimInStatement`): one round trip fewer. It runs before
 * the spend is decided; a refused spend rolls back and frees the code (a redemption that meanwhile found
 * every free code locked waits for it in claimCode's second pass, so "sold out" stays true).
 */
export function claimInStatement(offerId: string, userId: string, redemptionId: string): ClaimInStatement {
  return {
    sql: (first) =>
      CLAIM.replace('%LOCK%', 'skip locked').replace(/\$(\d)/g, (_, n: string) => `$${first + Number(n) - 1}`),
    params: [offerId, userId, redemptionId],
  };
}

/** What claimInStatement took, as row_to_json gave it back (null: no free code was unlocked). */
export function claimedOf(json: unknown): ClaimedCode | null {
  if (!json || typeof json !== 'object') return null;
  const row = json as { code_id: string; code: string; redeemed_at: string };
  return { codeId: row.code_id, code: row.code, redeemedAt: new Date(row.redeemed_at) };
}

/**
 * Takes one free code of the offer for this redemption, or null when none is left. First without
 * waiting (`skip locked`: concurrent redemptions take different codes); when every free code seems
 * locked by another redemption still in flight, once more waiting for them (one that rolls back frees
 * its code again), so "sold out" is said only of codes that were really taken.
 */
export async function claimCode(
  db: Queryable,
  offerId: string,
  userId: string,
  redemptionId: string,
): Promise<ClaimedCode | null> {
  for (const lock of ['skip locked', '']) {
    const { rows } = await db.query<{ code_id: string; code: string; redeemed_at: Date }>(
      CLAIM.replace('%LOCK%', lock),
      [offerId, userId, redemptionId],
    );
    const row = rows[0];
    if (row) return { codeId: row.code_id, code: row.code, redeemedAt: row.redeemed_at };
  }
  return null;
}

/**
 * Runs a transaction again when a stream it appends to moved on meanwhile (another award on the fan's
 * Payola stream): each attempt decides again on what is there then. After `attempts`, a clear 409.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 12): Promise<T> {
  try {
    return await retryOnStreamConflict(work, attempts);
  } catch (error) {
    if (error instanceof StreamVersionConflictError) throw new RefusedError('conflict', SHOP_MESSAGES.busy);
    throw error;
  }
}
