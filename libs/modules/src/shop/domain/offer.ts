import {
  SHOP_MESSAGES,
  type CODE_CHECK_STATUSES,
  type TCreateOfferCommand,
  type TOfferOwner,
  type TOfferStatus,
} from '@app/contracts';
import { RefusedError } from '@app/domain';

export function offerStreamId(offerId: string): string {
  return `offer-${offerId}`;
}
export function redemptionStreamId(redemptionId: string): string {
  return `redemption-${redemptionId}`;
}

/** What a redemption and the door decide on: the write side's terms of an offer. */
export interface OfferTerms {
  offerId: string;
  owner: TOfferOwner;
  createdBy: string;
  title: string;
  howToUse: string;
  kind: TCreateOfferCommand['kind'];
  price: number;
  perFanLimit: number;
  validFrom: Date;
  validTo: Date;
  withdrawnAt: Date | null;
}

/** Who is asking, as the shop's rules need it: the entries they claimed, and whether they are an operator past the second factor. */
export interface ShopActor {
  userId: string;
  claimedEntries: readonly { kind: 'artist' | 'venue'; entryId: string }[];
  operator: boolean;
}

/** Whether the actor offers for this owner: the entry's approved claimant, or an operator for the platform (and any entry). */
export function mayManage(actor: ShopActor, owner: TOfferOwner): boolean {
  if (actor.operator) return true;
  if (owner.kind === 'platform') return false;
  return actor.claimedEntries.some((entry) => entry.kind === owner.kind && entry.entryId === owner.entryId);
}

/**
 * Who may create an offer for whom: a member for an artist or venue whose claim was approved for them;
 * an operator (past the second factor) for the platform, and then only in-app rewards. The end must lie
 * ahead. Throws the refusal the member reads.
 */
export function assertMayCreate(
  actor: ShopActor,
  offer: Pick<TCreateOfferCommand, 'owner' | 'kind' | 'validTo'>,
  now: Date,
): void {
  if (offer.owner.kind === 'platform') {
    if (!actor.operator) throw new RefusedError('forbidden', SHOP_MESSAGES.platformOperatorsOnly);
    if (offer.kind !== 'in-app-reward') throw new RefusedError('invalid', SHOP_MESSAGES.platformInAppOnly);
  } else {
    const { kind, entryId } = offer.owner;
    if (!actor.claimedEntries.some((entry) => entry.kind === kind && entry.entryId === entryId)) {
      throw new RefusedError('forbidden', SHOP_MESSAGES.notYourEntry);
    }
  }
  if (Date.parse(offer.validTo) <= now.getTime()) throw new RefusedError('invalid', SHOP_MESSAGES.validToPast);
}

/** Why an offer cannot be redeemed now (withdrawn, not started, expired), or null. Sold out is the code claim's to say. */
export function redemptionRefusal(terms: OfferTerms, now: Date): string | null {
  if (terms.withdrawnAt) return SHOP_MESSAGES.withdrawn;
  if (now < terms.validFrom) return SHOP_MESSAGES.notStarted;
  if (now > terms.validTo) return SHOP_MESSAGES.expired;
  return null;
}

/** An offer's status in lists, from its read-model row. */
export function offerStatus(
  offer: { withdrawnAt: Date | null; validFrom: Date; validTo: Date; remaining: number },
  now: Date,
): TOfferStatus {
  if (offer.withdrawnAt) return 'withdrawn';
  if (now > offer.validTo) return 'expired';
  if (offer.remaining <= 0) return 'sold-out';
  if (now < offer.validFrom) return 'upcoming';
  return 'active';
}

export type CodeCheckStatus = (typeof CODE_CHECK_STATUSES)[number];

/** A code as the door sees it (one of the asker's offers' codes). */
export interface DoorCode {
  redeemedAt: Date | null;
  usedAt: Date | null;
  refundedAt: Date | null;
  validTo: Date;
}

/** What the door says of one of the asker's codes: used wins over expired (it was honoured), a refund over both. */
export function doorStatus(code: DoorCode, now: Date): CodeCheckStatus {
  if (code.refundedAt) return 'withdrawn';
  if (code.usedAt) return 'used';
  if (!code.redeemedAt) return 'not-redeemed';
  if (now > code.validTo) return 'expired';
  return 'valid';
}

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The sentence for each status (the door's screen and screen readers read it). */
export function doorMessage(status: CodeCheckStatus, code: DoorCode | null): string {
  switch (status) {
    case 'valid':
      return 'Valid: this code can be used now.';
    case 'used':
      return code?.usedAt ? `Already used on ${WHEN.format(code.usedAt)} UTC.` : SHOP_MESSAGES.codeAlreadyUsed;
    case 'expired':
      return SHOP_MESSAGES.codeExpired;
    case 'withdrawn':
      return SHOP_MESSAGES.codeWithdrawn;
    case 'not-redeemed':
      return SHOP_MESSAGES.codeNotRedeemed;
    case 'not-ours':
      return SHOP_MESSAGES.codeNotOurs;
  }
}
