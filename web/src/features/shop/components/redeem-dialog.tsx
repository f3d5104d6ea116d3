import { Coins } from 'lucide-react';
import { useState } from 'react';
import { type TOffer, type TRedeemOfferResponse } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { useRedeemOfferMutation } from '../api/shop';
import { ownerLabel, pyl } from '../lib/offer-format';
import { CodeReveal } from './code-reveal';

/**
 * Redeem: a confirmation with the price and the balance after it. The balance is the write side's
 * (GET /api/shop/status); the server decides again, so a stale one can only be refused. The code itself
 * is shown by the list (RedeemedCodeDialog): the last code sells the offer out and its card leaves the
 * list, which must not take the code away with it.
 */
export function RedeemButton({
  offer,
  balance,
  onRedeemed,
}: {
  offer: TOffer;
  balance: number;
  onRedeemed: (redeemed: TRedeemOfferResponse) => void;
}) {
  const [open, setOpen] = useState(false);
  const redeem = useRedeemOfferMutation();
  const after = balance - offer.price;
  const limitReached = offer.redeemedByYou >= offer.perFanLimit;
  const short = after < 0;

  function confirm() {
    // mutateAsync: its answer arrives even when this card has left the list meanwhile.
    redeem.mutateAsync(offer.id).then(
      (result) => {
        setOpen(false);
        onRedeemed(result);
      },
      (error: unknown) =>
        toast({
          title: 'Could not redeem',
          description: serverMessageOr(error, 'Something went wrong. Please try again.'),
          variant: 'destructive',
        }),
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          disabled={limitReached || short}
          // Each card's button names its offer for assistive technology (many say "Redeem").
          aria-label={limitReached || short ? undefined : `Redeem ${offer.title}`}
          title={limitReached ? 'You have redeemed this offer as many times as it allows.' : undefined}
        >
          <Coins aria-hidden="true" />
          {limitReached ? 'Redeemed' : short ? `Needs ${pyl(offer.price)}` : 'Redeem'}
        </Button>
      }
      title={`Redeem ${offer.title}?`}
      description={ownerLabel(offer.owner)}
      footer={
        <>
          <DialogClose>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={confirm} loading={redeem.isPending} loadingText="Redeeming...">
            Redeem for {pyl(offer.price)}
          </Button>
        </>
      }
    >
      <dl className="flex flex-col gap-2.5 rounded-2xl border border-border bg-surface p-4 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">Price</dt>
          <dd className="font-semibold tabular-nums">{pyl(offer.price)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">Your balance</dt>
          <dd className="font-semibold tabular-nums">{pyl(balance)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-border pt-2.5">
          <dt className="font-semibold">Balance after</dt>
          <dd className="font-display text-xl font-extrabold text-accent tabular-nums">{pyl(after)}</dd>
        </div>
      </dl>
    </Dialog>
  );
}

/** The code just redeemed, big, with how to use it. Held by the list, above its cards. */
export function RedeemedCodeDialog({
  redeemed,
  onClose,
}: {
  redeemed: TRedeemOfferResponse | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={redeemed !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Your code is ready"
      description={redeemed?.title}
      footer={
        <DialogClose>
          <Button>Done</Button>
        </DialogClose>
      }
    >
      {redeemed && <CodeReveal code={redeemed.code} howToUse={redeemed.howToUse} />}
    </Dialog>
  );
}
