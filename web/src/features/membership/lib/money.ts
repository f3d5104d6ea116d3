import type { TRole } from '@app/contracts';

/** docs/product.md §9 "Money": the one-time verification fee and the fans' monthly membership, in cents. */
export const VERIFICATION_FEE_CENTS = 1000;
export const MONTHLY_MEMBERSHIP_CENTS = 500;

/** '$15.00' */
export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** docs/product.md §9: $15.00 today for a fan (fee plus the first month), $10.00 for everyone else. */
export function amountDueTodayCents(role: TRole): number {
  return role === 'fan' ? VERIFICATION_FEE_CENTS + MONTHLY_MEMBERSHIP_CENTS : VERIFICATION_FEE_CENTS;
}

export interface FeeLine {
  label: string;
  note: string;
  amount: string;
}

/**
 * The breakdown of what is due today, driven by the server's amount: anything above the verification
 * fee is the first month of the fan membership.
 */
export function feeLines(amountCents: number): FeeLine[] {
  const lines: FeeLine[] = [
    {
      label: 'Verification fee',
      note: 'One-time identity verification',
      amount: formatUsd(Math.min(amountCents, VERIFICATION_FEE_CENTS)),
    },
  ];
  if (amountCents > VERIFICATION_FEE_CENTS) {
    lines.push({
      label: 'Fan membership',
      note: 'Billed monthly, first month today',
      amount: `${formatUsd(amountCents - VERIFICATION_FEE_CENTS)}/month`,
    });
  }
  return lines;
}
