import { z } from 'zod';
import { ARTIST_GENRES, ARTIST_TYPES } from '@app/domain';

export const ARTIST_TABS = ['my', 'all', 'favorites'] as const;
export type ArtistTab = (typeof ARTIST_TABS)[number];
export const DEFAULT_ARTIST_TAB: ArtistTab = 'all';

export const ARTIST_TAB_LABELS: Record<ArtistTab, string> = {
  my: 'My Artists',
  all: 'All Artists',
  favorites: 'Favorites',
};

/** Spec §9: searches start at 2 characters. */
export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;

/**
 * The /artists page's tab and filters, kept in the address so a reload or a shared link shows the
 * same list. Anything unreadable falls back to no filter rather than an error page.
 */
export const ZArtistsSearch = z.object({
  tab: z.enum(ARTIST_TABS).optional().catch(undefined),
  q: z.string().trim().min(MIN_SEARCH_LENGTH).max(MAX_SEARCH_LENGTH).optional().catch(undefined),
  genre: z.enum(ARTIST_GENRES).optional().catch(undefined),
  type: z.enum(ARTIST_TYPES).optional().catch(undefined),
});
export type ArtistsSearch = z.infer<typeof ZArtistsSearch>;

/** What the list endpoints filter on; absent keys are left out of the query key and the address. */
export interface ArtistFilters {
  q?: string;
  genre?: string;
  type?: string;
}

export function filtersOf(search: ArtistsSearch): ArtistFilters {
  const filters: ArtistFilters = {};
  if (search.q) filters.q = search.q;
  if (search.genre) filters.genre = search.genre;
  if (search.type) filters.type = search.type;
  return filters;
}

export function hasFilters(filters: ArtistFilters): boolean {
  return Boolean(filters.q || filters.genre || filters.type);
}

export const NO_FILTERS: ArtistFilters = {};
