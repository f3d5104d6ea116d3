import { VENUE_AGE_FILTERS, VENUE_TYPES } from '@app/domain';
import { oneOf, searchParams, text, type SearchOf } from '@/lib/search-params';

export const VENUE_TABS = ['my', 'all', 'favorites'] as const;
export type VenueTab = (typeof VENUE_TABS)[number];
export const DEFAULT_VENUE_TAB: VenueTab = 'all';

export const VENUE_TAB_LABELS: Record<VenueTab, string> = {
  my: 'My Venues',
  all: 'All Venues',
  favorites: 'Favorites',
};

/** docs/product.md §5: venue search starts at 2 characters, 500 ms after typing pauses. */
export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 500;

/** The /venues page's tab and filters, kept in the address; anything unreadable means no filter. */
const venuesSearchReaders = {
  tab: oneOf(VENUE_TABS),
  q: text({ trim: true, min: MIN_SEARCH_LENGTH, max: MAX_SEARCH_LENGTH }),
  type: oneOf(VENUE_TYPES),
  age: oneOf(VENUE_AGE_FILTERS),
};
/** The route's validateSearch (a plain function, not zod: see lib/search-params.ts). */
export const validateVenuesSearch = searchParams(venuesSearchReaders);
export type VenuesSearch = SearchOf<typeof venuesSearchReaders>;

export interface VenueFilters {
  q?: string;
  type?: string;
  age?: string;
}

export function filtersOf(search: VenuesSearch): VenueFilters {
  const filters: VenueFilters = {};
  if (search.q) filters.q = search.q;
  if (search.type) filters.type = search.type;
  if (search.age) filters.age = search.age;
  return filters;
}

export function hasFilters(filters: VenueFilters): boolean {
  return Boolean(filters.q || filters.type || filters.age);
}
