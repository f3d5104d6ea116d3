import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EntryGrid } from '@/lib/catalog/entry-grid';
import { venueListQueryOptions } from '../api/venues';
import type { VenueFilters, VenueTab } from '../lib/list-search';
import { VenueCard } from './venue-card';
import { CardSkeletons } from '@/lib/catalog/card-skeletons';

/** One tab's venues, a page at a time. */
export function VenueGrid(props: { tab: VenueTab; filters: VenueFilters; label: string; empty: ReactNode }) {
  const list = useInfiniteQuery(venueListQueryOptions(props.tab, props.filters));
  return (
    <EntryGrid
      list={list}
      entriesOf={(page) => page.venues}
      renderEntry={(venue) => <VenueCard venue={venue} />}
      skeletons={(count) => <CardSkeletons count={count} />}
      label={props.label}
      noun="venues"
      empty={props.empty}
    />
  );
}
