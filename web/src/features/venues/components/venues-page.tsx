import { useQuery } from '@tanstack/react-query';
import { Building2, Heart, MapPinPlus } from 'lucide-react';
import { VENUE_AGE_FILTERS, VENUE_TYPES } from '@app/domain';
import { CatalogListPage, type CatalogListConfig } from '@/lib/catalog/catalog-list-page';
import { venueCountsQueryOptions } from '../api/venues';
import {
  DEFAULT_VENUE_TAB,
  filtersOf,
  hasFilters,
  MAX_SEARCH_LENGTH,
  MIN_SEARCH_LENGTH,
  SEARCH_DEBOUNCE_MS,
  VENUE_TAB_LABELS,
  VENUE_TABS,
  type VenuesSearch,
  type VenueTab,
} from '../lib/list-search';
import { VenueGrid } from './venue-grid';

const VENUES: CatalogListConfig<VenueTab, 'type' | 'age'> = {
  title: 'Venues',
  intro:
    'The rooms and stages where the music happens, put on the map by fans. Vote for your favorite places to see a show.',
  listsLabel: 'Venue lists',
  filtersLabel: 'Filter venues',
  searchLabel: 'Search venues',
  addLabel: 'Add Venue',
  addPath: '/add-venue',
  listPath: '/venues',
  browseAllLabel: 'Browse All Venues',
  tabs: VENUE_TABS,
  tabLabels: VENUE_TAB_LABELS,
  defaultTab: DEFAULT_VENUE_TAB,
  filters: [
    {
      key: 'type',
      label: 'Venue type',
      placeholder: 'All types',
      options: VENUE_TYPES.map((type) => ({ value: type, label: type })),
    },
    {
      key: 'age',
      label: 'Age restriction',
      placeholder: 'Any age',
      options: VENUE_AGE_FILTERS.map((age) => ({ value: age, label: age })),
    },
  ],
  search: { debounceMs: SEARCH_DEBOUNCE_MS, minLength: MIN_SEARCH_LENGTH, maxLength: MAX_SEARCH_LENGTH },
  noMatches: {
    title: 'No venues match your filters',
    description: 'Try another name, type or age restriction, or clear the filters to see every venue in this list.',
  },
  emptyTabs: {
    my: {
      icon: MapPinPlus,
      title: "You haven't added any venues yet",
      description: 'Venues you add or confirm show up here. Put a venue you love on the map and earn Payola.',
    },
    all: {
      icon: Building2,
      title: 'No venues yet',
      description: 'Be the first fan to add a venue to the map.',
    },
    favorites: {
      icon: Heart,
      title: 'No favorite venues yet',
      description: 'Click the heart on a venue to keep it here.',
    },
  },
};

export interface VenuesPageProps {
  search: VenuesSearch;
  onSearchChange: (change: Partial<VenuesSearch>) => void;
}

/** docs/product.md §2 "Venues (/venues)": My Venues, All Venues and Favorites with counts, search and filters. */
export function VenuesPage({ search, onSearchChange }: VenuesPageProps) {
  const filters = filtersOf(search);
  const counts = useQuery(venueCountsQueryOptions());
  return (
    <CatalogListPage
      config={VENUES}
      search={search}
      // The address's schema refuses values outside the lists the selects offer.
      onSearchChange={(change) => onSearchChange(change as Partial<VenuesSearch>)}
      counts={counts.data}
      filtered={hasFilters(filters)}
      renderGrid={(tab, empty) => <VenueGrid tab={tab} filters={filters} label={VENUE_TAB_LABELS[tab]} empty={empty} />}
    />
  );
}
