import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EntryGrid } from '@/lib/catalog/entry-grid';
import { artistListQueryOptions } from '../api/artists';
import type { ArtistFilters, ArtistTab } from '../lib/list-search';
import { CardSkeletons } from '@/lib/catalog/card-skeletons';
import { ArtistCard } from './artist-card';

/** One tab's artists, a page at a time. */
export function ArtistGrid(props: { tab: ArtistTab; filters: ArtistFilters; label: string; empty: ReactNode }) {
  const list = useInfiniteQuery(artistListQueryOptions(props.tab, props.filters));
  return (
    <EntryGrid
      list={list}
      entriesOf={(page) => page.artists}
      renderEntry={(artist) => <ArtistCard artist={artist} />}
      skeletons={(count) => <CardSkeletons count={count} />}
      label={props.label}
      noun="artists"
      empty={props.empty}
    />
  );
}
