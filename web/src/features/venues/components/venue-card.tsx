import { MapPin } from 'lucide-react';
import type { TVenue } from '@app/contracts';
import { CARD_FAVORITE_CLASS, EntryCard } from '@/lib/catalog/entry-card';
import { FavoriteToggle } from '@/lib/catalog/favorite-toggle';
import { useVenueFavoriteMutation } from '../api/venues';
import { venuePlace, VenueBadges } from './venue-badges';

/** One venue in a grid: its cover, name and place, type and age badges, and votes. */
export function VenueCard({ venue }: { venue: TVenue }) {
  const favorite = useVenueFavoriteMutation(venue.id);
  return (
    <EntryCard
      entry={venue}
      to="/venue/$id"
      favorite={<FavoriteToggle entry={venue} favorite={favorite} className={CARD_FAVORITE_CLASS} />}
      subtitle={
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {venuePlace(venue)}
        </p>
      }
    >
      <VenueBadges venue={{ ...venue, capacity: null }} size="sm" />
    </EntryCard>
  );
}
