import { OFFER_KIND_LABELS, type TOffer } from '@app/contracts';

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 26, 2026 – Dec 31, 2026'. */
export function validDates(offer: Pick<TOffer, 'validFrom' | 'validTo'>): string {
  return `${shortDate(offer.validFrom)} – ${shortDate(offer.validTo)}`;
}

/** Whose offer it is, as a fan reads it. */
export function ownerLabel(owner: TOffer['owner']): string {
  if (owner.kind === 'platform') return 'Payola (platform reward)';
  return owner.name ?? (owner.kind === 'artist' ? 'An artist' : 'A venue');
}

export function kindLabel(kind: TOffer['kind']): string {
  return OFFER_KIND_LABELS[kind];
}

export function pyl(amount: number): string {
  return `${amount.toLocaleString('en-US')} PYL`;
}

/** 'Nov 26, 2026, 9:41 PM': when a code was used, to the minute. */
export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** 'ABCD-EFGH-K' read aloud in groups; uploaded codes are shown as they are. */
export const CODE_CLASSES = 'font-mono font-bold tracking-[0.12em] break-all';
