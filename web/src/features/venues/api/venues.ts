import {
  VENUE_LIST_NEXT_CURSOR_HEADER,
  ZAddVenueResponse,
  ZConfirmVenueDuplicateResponse,
  ZVenue,
  ZVenueCounts,
  ZVenueList,
  ZVenueRewardPreview,
  ZVenueSearchResults,
  type TAddVenueRequest,
  type TVenue,
} from '@app/contracts';
import { apiPatch, apiPost } from '@/lib/api-client';
import {
  catalogListQueryOptions,
  catalogQueryOptions,
  catalogSearchQueryOptions,
  useCatalogWriteMutation,
  type CatalogPage,
} from '@/lib/catalog/catalog-queries';
import {
  useCatalogFavoriteMutation,
  useCatalogVoteMutation,
  type CatalogResource,
} from '@/lib/catalog/toggle-mutations';
import type { VenueFilters, VenueTab } from '../lib/list-search';

/** Every venue query lives under this key, so one invalidation after an add refreshes lists, counts and profiles. */
const VENUES = '/api/venues';

export type VenuePage = CatalogPage<'venues', TVenue>;

/** docs/product.md §7: GET /api/venues (All Venues), /api/venues/my, /api/venues/favorites; 24 venues a page. */
export function venueListQueryOptions(tab: VenueTab, filters: VenueFilters) {
  const path = `${VENUES}${tab === 'all' ? '' : `/${tab}`}`;
  return catalogListQueryOptions(
    { root: VENUES, field: 'venues' },
    { tab, path, filters, schema: ZVenueList, cursorHeader: VENUE_LIST_NEXT_CURSOR_HEADER },
  );
}

export function venueCountsQueryOptions() {
  return catalogQueryOptions(VENUES, 'counts', ZVenueCounts);
}

export function venueQueryOptions(id: string) {
  return catalogQueryOptions(VENUES, id, ZVenue);
}

export interface VenueSearchParams {
  q: string;
  city?: string;
  state?: string;
  websiteUrl?: string;
  socialUrls: string[];
}

/** GET /api/venues/search: possible duplicates of the venue being typed (docs/product.md §5: from 2 characters). */
export function venueSearchQueryOptions(params: VenueSearchParams) {
  return catalogSearchQueryOptions(VENUES, params, ZVenueSearchResults);
}

/** GET /api/venues/reward-preview: what this fan would earn now for an add and a duplicate confirmation. */
export function venueRewardPreviewQueryOptions() {
  return catalogQueryOptions(VENUES, 'reward-preview', ZVenueRewardPreview);
}

/** POST /api/venues; then the venue lists (and their counts) and the balance load again (docs/product.md §7). */
export function useAddVenueMutation() {
  return useCatalogWriteMutation(VENUES, (body: TAddVenueRequest) => apiPost(VENUES, body, ZAddVenueResponse));
}

/** PATCH /api/venues/{id}: the adder saves a loaded venue. */
export function useUpdateVenueMutation() {
  return useCatalogWriteMutation(VENUES, ({ id, body }: { id: string; body: TAddVenueRequest }) =>
    apiPatch(`${VENUES}/${encodeURIComponent(id)}`, body, ZAddVenueResponse),
  );
}

/** POST /api/venues/{id}/confirm-duplicate ("Is this it?" confirmed, +25 once). */
export function useConfirmVenueDuplicateMutation() {
  return useCatalogWriteMutation(VENUES, (venueId: string) =>
    apiPost(`${VENUES}/${encodeURIComponent(venueId)}/confirm-duplicate`, {}, ZConfirmVenueDuplicateResponse),
  );
}

const RESOURCE: CatalogResource = { root: VENUES, field: 'venues' };

/** POST /api/venues/{id}/vote with the state asked for (never a blind toggle). */
export function useVenueVoteMutation(venueId: string) {
  return useCatalogVoteMutation(RESOURCE, venueId);
}

/** POST /api/venues/{id}/favorite with the state asked for. */
export function useVenueFavoriteMutation(venueId: string) {
  return useCatalogFavoriteMutation(RESOURCE, venueId);
}
