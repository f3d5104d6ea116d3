import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Heart, Music } from 'lucide-react';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { artistCountsQueryOptions } from '../api/artists';
import { favoriteCountLabel } from '@/lib/catalog/format';
import { NO_FILTERS } from '../lib/list-search';
import { ArtistGrid } from './artist-grid';

/** docs/product.md §2 "Favorites (/favorites)": the hearted artists, their count, and a hint when there are none. */
export function FavoritesPage() {
  const counts = useQuery(artistCountsQueryOptions());

  return (
    <AppPage eyebrow="Collection" title="My Favorites" width="max-w-6xl">
      <div className="mt-4 flex min-h-7 animate-rise items-center gap-2 text-muted-foreground [animation-delay:80ms]">
        <Heart aria-hidden="true" className="size-5 fill-accent text-accent" />
        {counts.data ? (
          <p aria-live="polite" className="text-base font-medium sm:text-lg">
            {favoriteCountLabel(counts.data.favorites)}
          </p>
        ) : counts.isPending ? (
          <Skeleton className="h-5 w-24" />
        ) : null}
      </div>
      <div className="mt-8 animate-rise [animation-delay:120ms]">
        <ArtistGrid
          tab="favorites"
          filters={NO_FILTERS}
          label="My Favorites"
          empty={
            <EmptyState
              icon={<Heart aria-hidden="true" />}
              title="No favorites yet"
              description="Click the heart on an artist to add them to your favorites."
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
      </div>
    </AppPage>
  );
}
