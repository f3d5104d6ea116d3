import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ScanLine, Tag, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { myOffersQueryOptions } from '@/lib/shop-door';
import { offersQueryOptions, shopStatusQueryOptions, useWithdrawOfferMutation } from '../api/shop';
import { pyl } from '../lib/offer-format';
import { OfferCard } from './offer-card';
import { CreateOfferDialog } from './create-offer-dialog';
import { RedeemButton, RedeemedCodeDialog } from './redeem-dialog';
import type { TMyOffer, TOffer, TOfferOwner, TRedeemOfferResponse } from '@app/contracts';

/**
 * An artist's or venue's "Offers" section: what fans can redeem, hidden when there is none. The member
 * whose claim on the entry was approved also creates offers here, and sees and withdraws their own. With
 * `kind: 'platform'` it is the console's: operators past their second factor offer platform-wide rewards.
 */
export function EntryOffers({
  kind,
  entryId,
  entryName,
}: {
  kind: 'artist' | 'venue' | 'platform';
  entryId?: string;
  entryName: string;
}) {
  const headingId = useId();
  const [redeemed, setRedeemed] = useState<TRedeemOfferResponse | null>(null);
  const offers = useInfiniteQuery(offersQueryOptions({ entryKind: kind, entryId }));
  const mine = useQuery(myOffersQueryOptions());
  const claimant =
    (kind === 'platform'
      ? mine.data?.canOfferPlatform
      : mine.data?.entries.some((entry) => entry.kind === kind && entry.entryId === entryId)) ?? false;
  const ours = (owner: TOfferOwner) =>
    owner.kind === 'platform' ? kind === 'platform' : owner.kind === kind && owner.entryId === entryId;
  const own = (mine.data?.offers ?? []).filter((offer) => ours(offer.owner) && offer.status !== 'withdrawn');
  const listed = offers.data?.pages.flatMap((page) => page.offers) ?? [];
  // Whether fans can redeem yet, and for how much: asked only when there is something to redeem.
  const status = useQuery({ ...shopStatusQueryOptions(), enabled: !claimant && listed.length > 0 });
  // The claimant manages their own offers (all of them, with counts); fans see what can be redeemed.
  if (!claimant && listed.length === 0) return null;

  return (
    <Card className="mt-6 animate-rise p-6 sm:p-7">
      <RedeemedCodeDialog redeemed={redeemed} onClose={() => setRedeemed(null)} />
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight">
            <Tag aria-hidden="true" className="size-5 text-accent" />
            Offers
          </h2>
          {claimant && (
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to="/shop/check">
                  <ScanLine aria-hidden="true" />
                  Check a code
                </Link>
              </Button>
              <CreateOfferDialog
                owner={kind === 'platform' ? { kind } : { kind, entryId: entryId ?? '' }}
                entryName={entryName}
              />
            </div>
          )}
        </div>
        {claimant ? (
          own.length === 0 ? (
            <p className="mt-3 text-subtle-foreground">
              No offers yet. Create one: fans redeem it with Payola and show you its code.
            </p>
          ) : (
            <ul aria-label={`Offers of ${entryName}`} className="mt-5 grid gap-4 md:grid-cols-2">
              {own.map((offer) => (
                <li key={offer.id}>
                  <OfferCard
                    offer={offer}
                    showOwner={false}
                    action={
                      <>
                        <p className="w-full text-sm text-muted-foreground">
                          {offer.redeemed.toLocaleString('en-US')} redeemed · {offer.used.toLocaleString('en-US')} used
                        </p>
                        <WithdrawButton offer={offer} />
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          )
        ) : (
          <ul aria-label={`Offers of ${entryName}`} className="mt-5 grid gap-4 md:grid-cols-2">
            {listed.map((offer: TOffer) => (
              <li key={offer.id}>
                <OfferCard
                  offer={offer}
                  showOwner={false}
                  action={
                    status.data?.open ? (
                      <RedeemButton offer={offer} balance={status.data.balance} onRedeemed={setRedeemed} />
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** Withdraw, after a confirmation that says what happens to codes fans already hold. */
function WithdrawButton({ offer }: { offer: TMyOffer }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawOfferMutation();
  const unused = offer.redeemed - offer.used - offer.refunded;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Withdraw ${offer.title}`}>
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      }
      title={`Withdraw ${offer.title}?`}
      description={
        unused > 0
          ? `Fans can no longer redeem it. The ${unused.toLocaleString('en-US')} redeemed codes not used yet stop working, and their ${pyl(unused * offer.price)} go back to the fans.`
          : 'Fans can no longer redeem it. This cannot be undone.'
      }
      footer={
        <>
          <DialogClose>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <Button
            variant="destructive"
            loading={withdraw.isPending}
            loadingText="Withdrawing..."
            onClick={() =>
              // mutateAsync: the answer arrives even though the withdrawn offer's card leaves the list.
              withdraw.mutateAsync(offer.id).then(
                (result) => {
                  setOpen(false);
                  toast({
                    title: 'Offer withdrawn',
                    description:
                      result.refunded > 0
                        ? `${result.refunded} codes refunded (${pyl(result.refundedPayola)}).`
                        : 'No codes needed a refund.',
                  });
                },
                (error: unknown) =>
                  toast({
                    title: 'Could not withdraw',
                    description: serverMessageOr(error, 'Please try again.'),
                    variant: 'destructive',
                  }),
              )
            }
          >
            Withdraw offer
          </Button>
        </>
      }
    />
  );
}
