import { useInfiniteQuery } from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { artistListQueryOptions } from '../api/artists';
import type { ArtistFilters, ArtistTab } from '../lib/list-search';
import { ArtistCard, ArtistCardSkeletons } from './artist-card';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';

interface ArtistGridProps {
  tab: ArtistTab;
  filters: ArtistFilters;
  /** Names the list for assistive technology ('My Artists'). */
  label: string;
  /** Shown when the list is empty (an EmptyState). */
  empty: ReactNode;
}

/**
 * One artist list, a page at a time: skeleton cards while the first page loads, the next page as the
 * end nears (LoadMore), the list's own empty state, and a Retry when it could not load.
 */
export function ArtistGrid({ tab, filters, label, empty }: ArtistGridProps) {
  const list = useInfiniteQuery(artistListQueryOptions(tab, filters));

  if (list.isPending) {
    return (
      <div aria-busy="true" aria-label={`Loading ${label}`}>
        <ul className={GRID}>
          <ArtistCardSkeletons />
        </ul>
      </div>
    );
  }

  if (list.isError && !list.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-3xl border border-destructive-text/30 bg-destructive/5 px-6 py-14 text-center"
      >
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-destructive/15 text-destructive-text">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h2 className="font-display text-xl font-semibold tracking-tight">Artists could not be loaded</h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          Something went wrong while loading this list. Check your connection and try again.
        </p>
        <Button variant="outline" className="mt-2" onClick={() => void list.refetch()} loading={list.isFetching}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }

  const artists = list.data.pages.flatMap((page) => page.artists);
  if (artists.length === 0) return <>{empty}</>;

  return (
    <div>
      <ul aria-label={label} className={GRID}>
        {artists.map((artist, index) => (
          <li
            key={artist.id}
            className="animate-rise"
            // The first screenful rises in a short cascade; later pages simply appear.
            style={{ animationDelay: `${Math.min(index % 24, 8) * 35}ms` }}
          >
            <ArtistCard artist={artist} />
          </li>
        ))}
        {list.isFetchingNextPage && <ArtistCardSkeletons count={3} />}
      </ul>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        label="Load more artists"
      />
      {list.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm text-destructive-text">
          More artists could not be loaded. Try again.
        </p>
      )}
    </div>
  );
}
