import { useQuery } from '@tanstack/react-query';
import { Heart, Sparkles, UserRoundPlus } from 'lucide-react';
import { ARTIST_GENRES, ARTIST_TYPES } from '@app/domain';
import { CatalogListPage, type CatalogListConfig } from '@/lib/catalog/catalog-list-page';
import { artistCountsQueryOptions } from '../api/artists';
import {
  ARTIST_TAB_LABELS,
  ARTIST_TABS,
  DEFAULT_ARTIST_TAB,
  filtersOf,
  hasFilters,
  MAX_SEARCH_LENGTH,
  MIN_SEARCH_LENGTH,
  type ArtistsSearch,
  type ArtistTab,
} from '../lib/list-search';
import { ArtistGrid } from './artist-grid';

/** docs/product.md §9: the artist search asks the server once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

const ARTISTS: CatalogListConfig<ArtistTab, 'genre' | 'type'> = {
  title: 'Artists',
  intro: 'Verified artists added by fans like you. Vote for the ones you love and keep your favorites close.',
  listsLabel: 'Artist lists',
  filtersLabel: 'Filter artists',
  searchLabel: 'Search artists',
  addLabel: 'Add Artist',
  addPath: '/add-artist',
  listPath: '/artists',
  browseAllLabel: 'Browse All Artists',
  tabs: ARTIST_TABS,
  tabLabels: ARTIST_TAB_LABELS,
  defaultTab: DEFAULT_ARTIST_TAB,
  filters: [
    {
      key: 'genre',
      label: 'Genre',
      placeholder: 'All genres',
      options: ARTIST_GENRES.map((genre) => ({ value: genre, label: genre })),
    },
    {
      key: 'type',
      label: 'Type',
      placeholder: 'All types',
      options: ARTIST_TYPES.map((type) => ({ value: type, label: type })),
    },
  ],
  search: { debounceMs: SEARCH_DEBOUNCE_MS, minLength: MIN_SEARCH_LENGTH, maxLength: MAX_SEARCH_LENGTH },
  noMatches: {
    title: 'No artists match your filters',
    description: 'Try another name, genre or type, or clear the filters to see every artist in this list.',
  },
  emptyTabs: {
    my: {
      icon: UserRoundPlus,
      title: "You haven't added any artists yet",
      description: 'Artists you add or verify show up here. Put an artist you love on the map and earn Payola.',
    },
    all: {
      icon: Sparkles,
      title: 'No artists yet',
      description: 'Be the first fan to add an artist and become their Founding Fan.',
    },
    favorites: {
      icon: Heart,
      title: 'No favorites yet',
      description: 'Click the heart on an artist to keep them here.',
    },
  },
};

export interface ArtistsPageProps {
  search: ArtistsSearch;
  /** Changes the tab or filters in the address (replacing the entry, so Back leaves the page). */
  onSearchChange: (change: Partial<ArtistsSearch>) => void;
}

/** docs/product.md §2 "Artists (/artists)": the three tabs with counts, search and filters, and the artist grid. */
export function ArtistsPage({ search, onSearchChange }: ArtistsPageProps) {
  const filters = filtersOf(search);
  const counts = useQuery(artistCountsQueryOptions());
  return (
    <CatalogListPage
      config={ARTISTS}
      search={search}
      // The address's schema refuses values outside the lists the selects offer.
      onSearchChange={(change) => onSearchChange(change as Partial<ArtistsSearch>)}
      counts={counts.data}
      filtered={hasFilters(filters)}
      renderGrid={(tab, empty) => (
        <ArtistGrid tab={tab} filters={filters} label={ARTIST_TAB_LABELS[tab]} empty={empty} />
      )}
    />
  );
}
