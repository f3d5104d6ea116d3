import { z } from 'zod';
import { VENUE_AGE_FILTERS, VENUE_TYPES } from '@app/domain';

export const VENUE_TABS = ['my', 'all', 'favorites'] as const;
export type VenueTab = (typeof VENUE_TABS)[number];
export const DEFAULT_VENUE_TAB: VenueTab = 'all';

export const VENUE_TAB_LABELS: Record<VenueTab, string> = {
  my: 'My Venues',
  all: 'All Venues',
  favorites: 'Favorites',
};

/** Spec §5: venue search starts at 2 characters, 500 ms after typing pauses. */
export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 500;

/** The /venues page's tab and filters, kept in the address; anything unreadable means no filter. */
export const ZVenuesSearch = z.object({
  tab: z.enum(VENUE_TABS).optional().catch(undefined),
  q: z.string().trim().min(MIN_SEARCH_LENGTH).max(MAX_SEARCH_LENGTH).optional().catch(undefined),
  type: z.enum(VENUE_TYPES).optional().catch(undefined),
  age: z.enum(VENUE_AGE_FILTERS).optional().catch(undefined),
});
export type VenuesSearch = z.infer<typeof ZVenuesSearch>;

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
