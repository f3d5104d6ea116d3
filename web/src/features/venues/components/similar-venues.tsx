import { MapPin } from 'lucide-react';
import type { TVenueSearchResult } from '@app/contracts';
import { SimilarEntries } from '@/lib/catalog/similar-entries';
import { venuePlace } from './venue-badges';

interface SimilarVenuesProps {
  results: readonly TVenueSearchResult[];
  /** 'Is this it?' */
  onConfirm: (venue: TVenueSearchResult) => void;
  /** 'Load this venue' (one this fan added). */
  onLoad: (venue: TVenueSearchResult) => void;
  /** 'No, this is a different venue'. */
  onDismiss: () => void;
}

/** docs/product.md §2 "Add venue": 'Found n similar venue(s)', each with why it matched. */
export function SimilarVenues(props: SimilarVenuesProps) {
  return (
    <SimilarEntries
      {...props}
      noun="venue"
      confirmLabel="Is this it?"
      isMine={(venue) => venue.hasUserAdded}
      mineLabel={(venue) =>
        venue.hasUserAdded ? 'Added by you' : venue.hasUserConfirmed ? 'Already confirmed by you' : null
      }
      describe={(venue) => (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          {venuePlace(venue)} · {venue.venueType}
        </p>
      )}
    />
  );
}
