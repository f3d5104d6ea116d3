import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
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
import { apiGet, apiGetWithHeaders, apiPatch, apiPost } from '@/lib/api-client';
import { queryString, refreshPayola } from '@/lib/catalog/query-cache';
import { sendWithSession } from '@/lib/session/auth-user-query';
import {
  useCatalogFavoriteMutation,
  useCatalogVoteMutation,
  type CatalogResource,
} from '@/lib/catalog/toggle-mutations';
import type { VenueFilters, VenueTab } from '../lib/list-search';

/** Every venue query lives under this key, so one invalidation after an add refreshes lists, counts and profiles. */
const VENUES = '/api/venues';

export interface VenuePage {
  venues: TVenue[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

/** Spec §7: GET /api/venues (All Venues), /api/venues/my, /api/venues/favorites; 24 venues a page. */
export function venueListQueryOptions(tab: VenueTab, filters: VenueFilters) {
  return infiniteQueryOptions({
    queryKey: [VENUES, tab, filters],
    queryFn: async ({ pageParam, signal }): Promise<VenuePage> => {
      const path = `${VENUES}${tab === 'all' ? '' : `/${tab}`}${queryString({ ...filters, cursor: pageParam })}`;
      const { data, headers } = await apiGetWithHeaders(path, ZVenueList, { signal });
      return { venues: data, nextCursor: headers.get(VENUE_LIST_NEXT_CURSOR_HEADER) || null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function venueCountsQueryOptions() {
  return queryOptions({
    queryKey: [VENUES, 'counts'],
    queryFn: ({ signal }) => apiGet(`${VENUES}/counts`, ZVenueCounts, { signal }),
  });
}

export function venueQueryOptions(id: string) {
  return queryOptions({
    queryKey: [VENUES, id],
    queryFn: ({ signal }) => apiGet(`${VENUES}/${encodeURIComponent(id)}`, ZVenue, { signal }),
  });
}

export interface VenueSearchParams {
  q: string;
  city?: string;
  state?: string;
  websiteUrl?: string;
  socialUrls: string[];
}

/** GET /api/venues/search: possible duplicates of the venue being typed (spec §5: from 2 characters). */
export function venueSearchQueryOptions(params: VenueSearchParams) {
  return queryOptions({
    queryKey: [VENUES, 'search', params],
    queryFn: ({ signal }) => apiGet(`${VENUES}/search${queryString({ ...params })}`, ZVenueSearchResults, { signal }),
    enabled: params.q.trim().length >= 2,
    staleTime: 10_000,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/venues/reward-preview: what this fan would earn now for an add and a duplicate confirmation. */
export function venueRewardPreviewQueryOptions() {
  return queryOptions({
    queryKey: [VENUES, 'reward-preview'],
    queryFn: ({ signal }) => apiGet(`${VENUES}/reward-preview`, ZVenueRewardPreview, { signal }),
  });
}

/** Spec §7: after adding a venue the venue lists (and their counts) load again; so does the balance. */
function refreshVenues(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: [VENUES] }), refreshPayola(queryClient)]);
}

/** POST /api/venues. */
export function useAddVenueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddVenueRequest) =>
      sendWithSession(queryClient, () => apiPost(VENUES, body, ZAddVenueResponse)),
    onSuccess: () => refreshVenues(queryClient),
  });
}

/** PATCH /api/venues/{id}: the adder saves a loaded venue. */
export function useUpdateVenueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TAddVenueRequest }) =>
      sendWithSession(queryClient, () => apiPatch(`${VENUES}/${encodeURIComponent(id)}`, body, ZAddVenueResponse)),
    onSuccess: () => refreshVenues(queryClient),
  });
}

/** POST /api/venues/{id}/confirm-duplicate ("Is this it?" confirmed, +25 once). */
export function useConfirmVenueDuplicateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (venueId: string) =>
      sendWithSession(queryClient, () =>
        apiPost(`${VENUES}/${encodeURIComponent(venueId)}/confirm-duplicate`, {}, ZConfirmVenueDuplicateResponse),
      ),
    onSuccess: () => refreshVenues(queryClient),
  });
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
