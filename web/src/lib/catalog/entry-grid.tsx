import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';

const GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

interface EntryGridProps<TPage, TEntry extends { id: string }> {
  /** One tab's infinite list query (a page per cursor). */
  list: UseInfiniteQueryResult<InfiniteData<TPage>, Error>;
  entriesOf: (page: TPage) => TEntry[];
  renderEntry: (entry: TEntry) => ReactNode;
  /** Placeholder cards (each an <li>) while a page loads. */
  skeletons: (count: number) => ReactNode;
  /** Names the list for assistive technology ('My Artists'). */
  label: string;
  /** 'artists' or 'venues', for the error and load-more texts. */
  noun: string;
  /** Shown when the list is empty (an EmptyState). */
  empty: ReactNode;
}

/**
 * One artist or venue list, a page at a time: skeleton cards while the first page loads, the next
 * page as the end nears (LoadMore), the list's own empty state, and a Retry when it could not load.
 */
export function EntryGrid<TPage, TEntry extends { id: string }>({
  list,
  entriesOf,
  renderEntry,
  skeletons,
  label,
  noun,
  empty,
}: EntryGridProps<TPage, TEntry>) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  if (list.isPending) {
    return (
      <div aria-busy="true" aria-label={`Loading ${label}`}>
        <ul className={GRID}>{skeletons(6)}</ul>
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
        <h2 className="font-display text-xl font-semibold tracking-tight">{title} could not be loaded</h2>
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

  const entries = list.data.pages.flatMap(entriesOf);
  if (entries.length === 0) return <>{empty}</>;

  return (
    <div>
      <ul aria-label={label} className={GRID}>
        {entries.map((entry, index) => (
          <li
            key={entry.id}
            className="animate-rise"
            // The first screenful rises in a short cascade; later pages simply appear.
            style={{ animationDelay: `${Math.min(index % 24, 8) * 35}ms` }}
          >
            {renderEntry(entry)}
          </li>
        ))}
        {list.isFetchingNextPage && skeletons(3)}
      </ul>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        label={`Load more ${noun}`}
      />
      {list.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm text-destructive-text">
          More {noun} could not be loaded. Try again.
        </p>
      )}
    </div>
  );
}
