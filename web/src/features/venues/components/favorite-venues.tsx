import { Link } from '@tanstack/react-router';
import { Building2, Heart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { VenueGrid } from './venue-grid';

/** /favorites, its Venues section: the hearted venues, with an empty state of its own. */
export function FavoriteVenues() {
  return (
    <VenueGrid
      tab="favorites"
      filters={{}}
      label="Favorite venues"
      empty={
        <EmptyState
          icon={<Heart aria-hidden="true" />}
          title="No favorite venues yet"
          description="Click the heart on a venue to add it to your favorites."
          headingLevel="h3"
        >
          <Button asChild>
            <Link to="/venues">
              <Building2 aria-hidden="true" />
              Browse Venues
            </Link>
          </Button>
        </EmptyState>
      }
    />
  );
}
