import { ARTIST_GENRES, ARTIST_TYPES } from '@app/domain';
import { oneOf, searchParams, text, type SearchOf } from '@/lib/search-params';

export const ARTIST_TABS = ['my', 'all', 'favorites'] as const;
export type ArtistTab = (typeof ARTIST_TABS)[number];
export const DEFAULT_ARTIST_TAB: ArtistTab = 'all';

export const ARTIST_TAB_LABELS: Record<ArtistTab, string> = {
  my: 'My Artists',
  all: 'All Artists',
  favorites: 'Favorites',
};

/** docs/product.md §9: searches start at 2 characters. */
export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;

/**
 * The /artists page's tab and filters, kept in the address so a reload or a shared link shows the
 * same list. Anything unreadable falls back to no filter rather than an error page.
 */
const artistsSearchReaders = {
  tab: oneOf(ARTIST_TABS),
  q: text({ trim: true, min: MIN_SEARCH_LENGTH, max: MAX_SEARCH_LENGTH }),
  genre: oneOf(ARTIST_GENRES),
  type: oneOf(ARTIST_TYPES),
};
/** The route's validateSearch (a plain function, not zod: see lib/search-params.ts). */
export const validateArtistsSearch = searchParams(artistsSearchReaders);
export type ArtistsSearch = SearchOf<typeof artistsSearchReaders>;

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
