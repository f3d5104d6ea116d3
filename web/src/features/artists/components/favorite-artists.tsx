import { Link } from '@tanstack/react-router';
import { Heart, Music } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NO_FILTERS } from '../lib/list-search';
import { ArtistGrid } from './artist-grid';

/** /favorites, its Artists section: the hearted artists, and the spec's hint when there are none. */
export function FavoriteArtists() {
  return (
    <ArtistGrid
      tab="favorites"
      filters={NO_FILTERS}
      label="Favorite artists"
      empty={
        <EmptyState
          icon={<Heart aria-hidden="true" />}
          title="No favorites yet"
          description="Click the heart on an artist to add them to your favorites."
          headingLevel="h3"
        >
          <Button asChild>
            <Link to="/artists">
              <Music aria-hidden="true" />
              Browse Artists
            </Link>
          </Button>
        </EmptyState>
      }
    />
  );
}
