import { useInfiniteQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import type { TMyRedemption } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { myCodesQueryOptions } from '../api/shop';
import { CODE_CLASSES, dateTime, kindLabel, ownerLabel, pyl } from '../lib/offer-format';

const STATUS: Record<TMyRedemption['status'], { label: string; variant: 'soft' | 'outline' | 'destructive' }> = {
  unused: { label: 'Ready to use', variant: 'soft' },
  used: { label: 'Used', variant: 'outline' },
  expired: { label: 'Expired', variant: 'outline' },
  refunded: { label: 'Refunded', variant: 'destructive' },
};

/** My codes: every code I redeemed, newest first, with how to use it and where it stands. */
export function MyCodes() {
  const codes = useInfiniteQuery(myCodesQueryOptions());
  const list = codes.data?.pages.flatMap((page) => page.redemptions) ?? [];
  return (
    <section aria-labelledby="my-codes" className="flex flex-col gap-5">
      <h2 id="my-codes" className="font-display text-2xl font-bold tracking-tight">
        My codes
      </h2>
      {codes.isPending ? (
        <Skeleton aria-label="Loading my codes" className="h-32 rounded-3xl" />
      ) : codes.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          Your codes could not be loaded. Reload the page to try again.
        </p>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Ticket aria-hidden="true" />}
          title="No codes yet"
          description="Redeem an offer and its code shows up here, with how to use it."
          headingLevel="h3"
        />
      ) : (
        <>
          <ul aria-label="My codes" className="grid gap-4 md:grid-cols-2">
            {list.map((code) => (
              <li key={code.redemptionId}>
                <CodeCard redemption={code} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={codes.hasNextPage}
            loading={codes.isFetchingNextPage}
            onLoadMore={() => void codes.fetchNextPage()}
            label="Load more codes"
          />
        </>
      )}
    </section>
  );
}

function CodeCard({ redemption }: { redemption: TMyRedemption }) {
  const status = STATUS[redemption.status];
  const live = redemption.status === 'unused';
  return (
    <Card className="h-full gap-3 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={status.variant} size="sm">
          {status.label}
        </Badge>
        <Badge variant="outline" size="sm">
          {kindLabel(redemption.kind)}
        </Badge>
      </div>
      <div>
        <h3 className="font-display text-lg font-bold tracking-tight break-words">{redemption.title}</h3>
        <p className="text-sm text-muted-foreground">{ownerLabel(redemption.owner)}</p>
      </div>
      <p className={cn(CODE_CLASSES, 'text-2xl', live ? 'text-foreground' : 'text-muted-foreground line-through')}>
        {redemption.code}
      </p>
      {live && <p className="text-sm leading-relaxed text-muted-foreground">{redemption.howToUse}</p>}
      <p className="mt-auto text-xs text-subtle-foreground">
        {pyl(redemption.price)} · redeemed {dateTime(redemption.redeemedAt)}
        {redemption.usedAt && ` · used ${dateTime(redemption.usedAt)}`}
        {redemption.refundedAt && ` · refunded ${dateTime(redemption.refundedAt)}`}
      </p>
    </Card>
  );
}
