import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Lock, ScanLine, SearchX, Store } from 'lucide-react';
import { useState } from 'react';
import {
  OFFER_KIND_LABELS,
  OFFER_KINDS,
  shopPreviewText,
  type TOfferKind,
  type TRedeemOfferResponse,
  type TShopStatus,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { LoadMore } from '@/components/ui/load-more';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { myOffersQueryOptions } from '@/lib/shop-door';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { offersQueryOptions, shopStatusQueryOptions, type OfferFilters } from '../api/shop';
import { pyl } from '../lib/offer-format';
import { MyCodes } from './my-codes';
import { OfferCard } from './offer-card';
import { RedeemButton, RedeemedCodeDialog } from './redeem-dialog';

const OWNER_OPTIONS = [
  { value: 'artist', label: 'Artists' },
  { value: 'venue', label: 'Venues' },
  { value: 'platform', label: 'Platform rewards' },
];

/** The Shop tab of /payola: a preview with live progress until the milestone, then offers, filters and my codes. */
export function ShopTab() {
  const status = useQuery(shopStatusQueryOptions());
  if (status.isPending) return <Skeleton aria-label="Loading the shop" className="h-64 rounded-3xl" />;
  if (status.isError) {
    return (
      <Card role="alert" className="items-center gap-3 p-8 text-center">
        <p className="font-semibold">The shop could not be loaded.</p>
        <Button variant="outline" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {!status.data.open && <ShopPreviewBanner status={status.data} />}
      <DoorLink />
      <Offers status={status.data} />
      {status.data.open && <MyCodes />}
    </div>
  );
}

/** Before the milestone: what unlocks the shop, and how far along it is (numbers from the API). */
function ShopPreviewBanner({ status }: { status: TShopStatus }) {
  const progress = (count: number, target: number) => Math.min(100, (count / target) * 100);
  return (
    <Card className="overflow-hidden border-accent/30 bg-[radial-gradient(120%_120%_at_100%_0%,rgb(198_244_50/0.14),transparent_55%)] p-6 sm:p-8">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <Lock aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="font-display text-xl font-semibold tracking-tight sm:text-2xl">Shop preview</h2>
          <p className="mt-2 text-base leading-relaxed" data-testid="shop-progress">
            {shopPreviewText(status)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Browse what artists and venues offer now; redeeming opens with the milestone.
          </p>
        </div>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {(
          [
            ['Verified fans', status.verifiedFans, status.targets.verifiedFans],
            ['Verified artists', status.verifiedArtists, status.targets.verifiedArtists],
          ] as const
        ).map(([label, count, target]) => (
          <div key={label}>
            <div className="flex justify-between text-sm">
              <span className="text-muted-foreground">{label}</span>
              <span className="font-semibold tabular-nums">
                {count.toLocaleString('en-US')} / {target.toLocaleString('en-US')}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={target}
              aria-valuenow={Math.min(count, target)}
              className="mt-2 h-2 overflow-hidden rounded-full bg-surface-overlay"
            >
              <div className="h-full rounded-full bg-accent" style={{ width: `${progress(count, target)}%` }} />
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}

/** Members who offer something check codes at the door. */
function DoorLink() {
  const mine = useQuery(myOffersQueryOptions());
  if (!mine.data || (mine.data.offers.length === 0 && mine.data.entries.length === 0)) return null;
  return (
    <Button asChild variant="outline" className="self-start">
      <Link to="/shop/check">
        <ScanLine aria-hidden="true" />
        Check a code
      </Link>
    </Button>
  );
}

function Offers({ status }: { status: TShopStatus }) {
  const [kind, setKind] = useState<TOfferKind | ''>('');
  const [entryKind, setEntryKind] = useState<OfferFilters['entryKind'] | ''>('');
  const [affordable, setAffordable] = useState(false);
  const [redeemed, setRedeemed] = useState<TRedeemOfferResponse | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const filters: OfferFilters = {
    ...(kind ? { kind } : {}),
    ...(entryKind ? { entryKind } : {}),
    ...(search ? { search } : {}),
    ...(affordable ? { affordable: true } : {}),
  };
  const offers = useInfiniteQuery(offersQueryOptions(filters));
  const list = offers.data?.pages.flatMap((page) => page.offers) ?? [];
  const filtered = Object.keys(filters).length > 0;

  return (
    <section aria-labelledby="shop-offers" className="flex flex-col gap-5">
      <RedeemedCodeDialog redeemed={redeemed} onClose={() => setRedeemed(null)} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="shop-offers" className="font-display text-2xl font-bold tracking-tight">
          Offers
        </h2>
        <p className="text-sm text-muted-foreground">
          Your balance: <span className="font-semibold text-foreground tabular-nums">{pyl(status.balance)}</span>
        </p>
      </div>
      <Card className="p-5 sm:p-6">
        <div role="search" aria-label="Filter offers" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Search offers" className="sm:col-span-2 lg:col-span-1">
            <SearchInput
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Title"
              maxLength={100}
            />
          </Field>
          <Field label="Kind">
            <Select
              value={kind}
              onChange={(event) => setKind(event.target.value as TOfferKind | '')}
              placeholder="All kinds"
              options={OFFER_KINDS.map((value) => ({ value, label: OFFER_KIND_LABELS[value] }))}
            />
          </Field>
          <Field label="Offered by">
            <Select
              value={entryKind}
              onChange={(event) => setEntryKind(event.target.value as OfferFilters['entryKind'] | '')}
              placeholder="Anyone"
              options={OWNER_OPTIONS}
            />
          </Field>
          <Checkbox
            className="self-end pb-3"
            label="Only what I can afford"
            checked={affordable}
            onCheckedChange={setAffordable}
          />
        </div>
      </Card>
      {offers.isPending ? (
        <div aria-busy="true" aria-label="Loading offers" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-64 rounded-3xl" />
          ))}
        </div>
      ) : offers.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          Offers could not be loaded. Check your connection and try again.
        </p>
      ) : list.length === 0 ? (
        <EmptyState
          icon={filtered ? <SearchX aria-hidden="true" /> : <Store aria-hidden="true" />}
          title={filtered ? 'No offers match your filters' : 'No offers yet'}
          description={
            filtered
              ? 'Try another kind or search, or show offers you cannot afford yet.'
              : 'Artists and venues put their ticket, merch and vinyl discounts here. Check back soon.'
          }
          headingLevel="h3"
        />
      ) : (
        <>
          <ul aria-label="Offers" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((offer) => (
              <li key={offer.id}>
                <OfferCard
                  offer={offer}
                  action={
                    status.open ? (
                      <RedeemButton offer={offer} balance={status.balance} onRedeemed={setRedeemed} />
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={offers.hasNextPage}
            loading={offers.isFetchingNextPage}
            onLoadMore={() => void offers.fetchNextPage()}
            label="Load more offers"
          />
        </>
      )}
    </section>
  );
}
