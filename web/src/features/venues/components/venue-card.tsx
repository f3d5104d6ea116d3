import { Link } from '@tanstack/react-router';
import { MapPin, ThumbsUp } from 'lucide-react';
import type { TVenue } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { CoverArt } from '@/lib/catalog/cover-art';
import { FavoriteToggle } from '@/lib/catalog/favorite-toggle';
import { voteCountLabel } from '@/lib/catalog/format';
import { useVenueFavoriteMutation } from '../api/venues';
import { venuePlace, VenueBadges } from './venue-badges';

/** One venue in a grid; the whole card opens the profile, the heart is its own button above that link. */
export function VenueCard({ venue }: { venue: TVenue }) {
  const favorite = useVenueFavoriteMutation(venue.id);
  return (
    <Card interactive className="group h-full overflow-hidden focus-within:border-border-strong">
      <CoverArt
        name={venue.name}
        imageUrl={venue.imageUrl}
        className="aspect-[16/10] w-full transition-transform duration-500 ease-out group-hover:scale-[1.03]"
      />
      <FavoriteToggle entry={venue} favorite={favorite} className="absolute top-3 right-3 z-10" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h2 className="font-display text-xl leading-tight font-bold tracking-tight break-words">
            <Link
              to="/venue/$id"
              params={{ id: venue.id }}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-3xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
            >
              {venue.name}
            </Link>
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {venuePlace(venue)}
          </p>
        </div>
        <VenueBadges venue={{ ...venue, capacity: null }} size="sm" />
        <p className="mt-auto flex items-center gap-1.5 pt-1 text-sm text-muted-foreground tabular-nums">
          <ThumbsUp aria-hidden="true" className="size-4 text-accent" />
          {voteCountLabel(venue.voteCount)}
        </p>
      </div>
    </Card>
  );
}
