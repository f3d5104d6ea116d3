import { Link } from '@tanstack/react-router';
import { BadgeCheck, Coins, FolderOpen, PartyPopper, Plus } from 'lucide-react';
import type { TAddVenueResponse, TVenueSearchResult } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogIcon, PayolaEarned, useLastShown } from '@/lib/catalog/dialog-parts';
import { formatPayola } from '@/lib/catalog/format';
import { venuePlace, VenueBadges } from './venue-badges';

function VenueSummary({ venue }: { venue: TVenueSearchResult }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-4">
      <p className="font-display text-xl font-bold break-words">{venue.name}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {[venue.streetAddress, venuePlace(venue)].filter(Boolean).join(', ')}
      </p>
      <div className="mt-3">
        <VenueBadges venue={venue} size="sm" />
      </div>
      {venue.bio && (
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
          {venue.bio}
        </p>
      )}
    </div>
  );
}

/** Spec §2 'Confirm Duplicate': the venue on file, and what confirming it earns this fan. */
export function ConfirmDuplicateDialog({
  venue: current,
  reward,
  pending,
  onConfirm,
  onClose,
}: {
  venue: TVenueSearchResult | null;
  reward: number | undefined;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const venue = useLastShown(current);
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => !open && !pending && onClose()}
      title="Confirm Duplicate"
      description="Is this the venue you were about to add? Confirming it keeps the map free of duplicates."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            No, different venue
          </Button>
          <Button onClick={onConfirm} loading={pending} loadingText="Confirming...">
            <BadgeCheck aria-hidden="true" />
            Yes, it&apos;s the same venue
          </Button>
        </>
      }
    >
      {venue && (
        <div className="flex flex-col gap-5">
          <VenueSummary venue={venue} />
          {reward !== undefined && (
            <div className="flex items-center gap-3 rounded-2xl border border-accent/30 bg-accent-soft p-4 text-sm">
              <Coins aria-hidden="true" className="size-6 shrink-0 text-accent" />
              <p>
                {reward > 0 ? (
                  <>
                    Confirming earns you <strong className="text-accent">+{formatPayola(reward)} Payola</strong>.
                  </>
                ) : (
                  'You confirmed this venue before: confirming again earns nothing more.'
                )}
              </p>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Spec §2 'Load Your Venue': a venue this fan added, to edit and save again. */
export function LoadVenueDialog({
  venue: current,
  onLoad,
  onClose,
}: {
  venue: TVenueSearchResult | null;
  onLoad: () => void;
  onClose: () => void;
}) {
  const venue = useLastShown(current);
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Load Your Venue"
      description="You added this venue. Load it into the form to update its details."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onLoad}>
            <FolderOpen aria-hidden="true" />
            Load Venue
          </Button>
        </>
      }
    >
      {venue && <VenueSummary venue={venue} />}
    </Dialog>
  );
}

/** Spec §2: 'Venue Added Successfully!' with Add Another Venue and View Venues. */
export function VenueAddedDialog({
  result: current,
  onClose,
  onAnother,
}: {
  result: TAddVenueResponse | null;
  onClose: () => void;
  onAnother: () => void;
}) {
  const result = useLastShown(current);
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => !open && onClose()}
      icon={
        <DialogIcon>
          <PartyPopper aria-hidden="true" />
        </DialogIcon>
      }
      title="Venue Added Successfully!"
      description={result ? `${result.name} is on the map. Thanks for sharing it with the community.` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onAnother}>
            <Plus aria-hidden="true" />
            Add Another Venue
          </Button>
          <Button asChild>
            <Link to="/venues">View Venues</Link>
          </Button>
        </>
      }
    >
      {result && result.payola.total > 0 && <PayolaEarned amount={result.payola.total} />}
    </Dialog>
  );
}
