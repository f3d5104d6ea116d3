import { CalendarRange, Coins, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TOffer } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { kindLabel, ownerLabel, pyl, validDates } from '../lib/offer-format';

const STATUS_LABELS: Record<TOffer['status'], string> = {
  upcoming: 'Not yet available',
  active: 'Available',
  'sold-out': 'Sold out',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** One offer: title, whose it is, kind, price, stock left and valid dates, with its action (Redeem, Withdraw). */
export function OfferCard({
  offer,
  action,
  showOwner = true,
}: {
  offer: TOffer;
  action?: ReactNode;
  showOwner?: boolean;
}) {
  const titleId = `offer-${offer.id}-title`;
  return (
    <Card className="h-full gap-4 p-5 sm:p-6" aria-labelledby={titleId} role="article">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="soft" size="sm">
          {kindLabel(offer.kind)}
        </Badge>
        {offer.status !== 'active' && (
          <Badge variant={offer.status === 'withdrawn' ? 'destructive' : 'outline'} size="sm">
            {STATUS_LABELS[offer.status]}
          </Badge>
        )}
      </div>
      <div>
        <h3 id={titleId} className="font-display text-lg leading-snug font-bold tracking-tight break-words sm:text-xl">
          {offer.title}
        </h3>
        {showOwner && <p className="mt-1 text-sm text-muted-foreground">{ownerLabel(offer.owner)}</p>}
      </div>
      <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{offer.description}</p>
      <dl className="mt-auto flex flex-col gap-2 text-sm">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Price</dt>
          <Coins aria-hidden="true" className="size-4 shrink-0 text-accent" />
          <dd className="font-display text-xl font-extrabold text-accent tabular-nums">{pyl(offer.price)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Package aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <dt className="sr-only">Stock</dt>
          <dd className="tabular-nums">
            {offer.remaining.toLocaleString('en-US')} of {offer.stock.toLocaleString('en-US')} left
          </dd>
        </div>
        <div className="flex items-center gap-2 text-muted-foreground">
          <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
          <dt className="sr-only">Valid</dt>
          <dd>{validDates(offer)}</dd>
        </div>
      </dl>
      {action && <div className="flex flex-wrap gap-2 pt-1">{action}</div>}
    </Card>
  );
}
