import { FolderOpen, PartyPopper, Plus } from 'lucide-react';
import type { TAddVenueResponse, TVenueSearchResult } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import {
  EntryResultDialog,
  EntrySummary,
  PayolaEarned,
  RewardNote,
  SameEntryDialog,
  useLastShown,
  type ResultDialogProps,
} from '@/lib/catalog/dialog-parts';
import { formatPayola } from '@/lib/catalog/format';
import { venuePlace, VenueBadges } from './venue-badges';

function VenueSummary({ venue }: { venue: TVenueSearchResult }) {
  return (
    <EntrySummary name={venue.name}>
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
    </EntrySummary>
  );
}

/** docs/product.md §2 'Confirm Duplicate': the venue on file, and what confirming it earns this fan. */
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
  /** 'No, different venue' and closing alike: the venue is not offered again. */
  onClose: () => void;
}) {
  const venue = useLastShown(current);
  return (
    <SameEntryDialog
      open={current !== null}
      pending={pending}
      title="Confirm Duplicate"
      description="Is this the venue you were about to add? Confirming it keeps the map free of duplicates."
      rejectLabel="No, different venue"
      confirmLabel="Yes, it's the same venue"
      onConfirm={onConfirm}
      onReject={onClose}
      onClose={onClose}
    >
      {venue && (
        <>
          <VenueSummary venue={venue} />
          {reward !== undefined && (
            <RewardNote>
              {reward > 0 ? (
                <>
                  Confirming earns you <strong className="text-accent">+{formatPayola(reward)} Payola</strong>.
                </>
              ) : (
                'You confirmed this venue before: confirming again earns nothing more.'
              )}
            </RewardNote>
          )}
        </>
      )}
    </SameEntryDialog>
  );
}

/** docs/product.md §2 'Load Your Venue': a venue this fan added, to edit and save again. */
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

/** docs/product.md §2: 'Venue Added Successfully!' with Add Another Venue and View Venues. */
export function VenueAddedDialog(props: ResultDialogProps<TAddVenueResponse>) {
  return (
    <EntryResultDialog
      {...props}
      icon={PartyPopper}
      title="Venue Added Successfully!"
      description={(result) => `${result.name} is on the map. Thanks for sharing it with the community.`}
      another={[Plus, 'Add Another Venue']}
      viewTo="/venues"
      view="View Venues"
    >
      {(result) => result.payola.total > 0 && <PayolaEarned amount={result.payola.total} />}
    </EntryResultDialog>
  );
}
