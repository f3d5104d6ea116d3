import { BadgeCheck, CircleCheck, MapPin, Sparkles, X } from 'lucide-react';
import { useId } from 'react';
import type { TVenueSearchResult } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { similarLabel } from '@/lib/catalog/format';
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

/** Spec §2 "Add venue": 'Found n similar venue(s)', each with why it matched. */
export function SimilarVenues({ results, onConfirm, onLoad, onDismiss }: SimilarVenuesProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="animate-fade-in rounded-2xl border border-accent/35 bg-accent-soft/60 p-4 sm:p-5"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-display text-base font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-accent" />
        {similarLabel(results.length, 'venue')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Is one of them the venue you mean? Confirming a venue already here earns Payola too.
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        {results.map((venue) => (
          <SimilarVenue key={venue.id} venue={venue} onConfirm={onConfirm} onLoad={onLoad} />
        ))}
      </ul>
      <Button variant="ghost" size="sm" className="mt-3 -ml-2" onClick={onDismiss}>
        <X aria-hidden="true" />
        No, this is a different venue
      </Button>
    </section>
  );
}

function SimilarVenue({
  venue,
  onConfirm,
  onLoad,
}: {
  venue: TVenueSearchResult;
  onConfirm: (venue: TVenueSearchResult) => void;
  onLoad: (venue: TVenueSearchResult) => void;
}) {
  const nameId = useId();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-display text-lg font-semibold break-words">
          {venue.name}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          {venuePlace(venue)} · {venue.venueType}
        </p>
        <ul aria-label="Why it matched" className="mt-2 flex flex-wrap gap-1.5">
          {venue.matchReasons.map((reason) => (
            <li key={reason}>
              <Badge variant="outline" size="sm">
                <CircleCheck aria-hidden="true" />
                {reason}
              </Badge>
            </li>
          ))}
          {(venue.hasUserAdded || venue.hasUserConfirmed) && (
            <li>
              <Badge variant="soft" size="sm">
                <BadgeCheck aria-hidden="true" />
                {venue.hasUserAdded ? 'Added by you' : 'Already confirmed by you'}
              </Badge>
            </li>
          )}
        </ul>
      </div>
      <Button
        variant={venue.hasUserAdded ? 'outline' : 'primary'}
        size="sm"
        className="self-start sm:self-center"
        aria-describedby={nameId}
        onClick={() => (venue.hasUserAdded ? onLoad(venue) : onConfirm(venue))}
      >
        {venue.hasUserAdded ? 'Load this venue' : 'Is this it?'}
      </Button>
    </li>
  );
}
