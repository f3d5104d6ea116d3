import { BadgeCheck, Coins, Hash, ShieldCheck } from 'lucide-react';
import type { TRole } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { feeLines, formatUsd, MONTHLY_MEMBERSHIP_CENTS } from '../lib/money';

const PERKS: Record<'fan' | 'other', readonly { icon: typeof BadgeCheck; text: string }[]> = {
  fan: [
    { icon: ShieldCheck, text: 'Identity verification: no bots, no scalpers' },
    { icon: Hash, text: 'Your permanent founding fan number and badge' },
    { icon: Coins, text: '+1,000 PYL on verification, +100 PYL every month' },
  ],
  other: [
    { icon: ShieldCheck, text: 'Identity verification: no bots, no scalpers' },
    { icon: BadgeCheck, text: 'A verified profile in front of real fans' },
  ],
};

interface FeeBreakdownProps {
  role: TRole;
  /** The server's amount due today; undefined while the checkout is being set up. */
  amountCents: number | undefined;
}

/** docs/product.md §9 "Money": the verification fee, the fans' first month, and the total due today. */
export function FeeBreakdown({ role, amountCents }: FeeBreakdownProps) {
  const perks = PERKS[role === 'fan' ? 'fan' : 'other'];

  return (
    <Card className="overflow-hidden">
      <div className="p-6 sm:p-7">
        <h2 className="font-display text-xl font-semibold tracking-tight">Order summary</h2>
        {amountCents === undefined ? (
          <div className="mt-6 flex flex-col gap-4" aria-hidden="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : (
          <dl className="mt-6 flex flex-col gap-5">
            {feeLines(amountCents).map((line) => (
              <div key={line.label} className="flex items-start justify-between gap-4">
                <dt className="min-w-0">
                  <span className="block font-semibold">{line.label}</span>
                  <span className="mt-0.5 block text-sm text-muted-foreground">{line.note}</span>
                </dt>
                <dd className="font-display text-lg font-semibold tabular-nums">{line.amount}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <dl className="flex items-center justify-between gap-4 border-y border-border bg-surface-raised px-6 py-5 sm:px-7">
        <dt className="font-semibold">Total due today</dt>
        <dd>
          {amountCents === undefined ? (
            <Skeleton className="h-9 w-24" />
          ) : (
            <span className="font-display text-3xl font-extrabold tracking-tight text-accent tabular-nums">
              {formatUsd(amountCents)}
            </span>
          )}
        </dd>
      </dl>
      <ul className="flex flex-col gap-3 p-6 sm:px-7">
        {perks.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 text-sm text-muted-foreground">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {text}
          </li>
        ))}
        {role === 'fan' && (
          <li className="pt-1 text-xs text-subtle-foreground">
            The membership renews at {formatUsd(MONTHLY_MEMBERSHIP_CENTS)}/month. Manage it any time from your profile.
          </li>
        )}
      </ul>
    </Card>
  );
}
