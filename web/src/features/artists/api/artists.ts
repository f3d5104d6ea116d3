import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ARTIST_LIST_NEXT_CURSOR_HEADER,
  ZAddArtistResponse,
  ZArtist,
  ZArtistCounts,
  ZArtistList,
  ZArtistRewardPreview,
  ZArtistSearchResults,
  ZArtistVerificationStatus,
  ZVerifyArtistResponse,
  type TAddArtistRequest,
  type TArtist,
  type TVerifyArtistRequest,
} from '@app/contracts';
import { apiGet, apiGetWithHeaders, apiPost } from '@/lib/api-client';
import { queryString, refreshPayola } from '@/lib/catalog/query-cache';
import { sendWithSession } from '@/lib/session/auth-user-query';
import {
  useCatalogFavoriteMutation,
  useCatalogVoteMutation,
  type CatalogResource,
} from '@/lib/catalog/toggle-mutations';
import type { ArtistFilters, ArtistTab } from '../lib/list-search';

/**
 * Every artist query lives under this key (spec §7: a key's segments are the path it loads), so one
 * invalidation after an add refreshes the lists, the counts and the profiles together.
 */
const ARTISTS = '/api/artists';

export interface ArtistPage {
  artists: TArtist[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

/** GET /api/artists/{my|all|favorites}: one infinite list per tab and filters, 24 artists a page. */
export function artistListQueryOptions(tab: ArtistTab, filters: ArtistFilters) {
  return infiniteQueryOptions({
    queryKey: [ARTISTS, tab, filters],
    queryFn: async ({ pageParam, signal }): Promise<ArtistPage> => {
      const path = `${ARTISTS}/${tab}${queryString({ ...filters, cursor: pageParam })}`;
      const { data, headers } = await apiGetWithHeaders(path, ZArtistList, { signal });
      return { artists: data, nextCursor: headers.get(ARTIST_LIST_NEXT_CURSOR_HEADER) || null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/artists/counts: the three tabs' counts. */
export function artistCountsQueryOptions() {
  return queryOptions({
    queryKey: [ARTISTS, 'counts'],
    queryFn: ({ signal }) => apiGet(`${ARTISTS}/counts`, ZArtistCounts, { signal }),
  });
}

/** GET /api/artists/{id}: the profile, with this user's vote and favourite. */
export function artistQueryOptions(id: string) {
  return queryOptions({
    queryKey: [ARTISTS, id],
    queryFn: ({ signal }) => apiGet(`${ARTISTS}/${encodeURIComponent(id)}`, ZArtist, { signal }),
  });
}

export interface ArtistSearchParams {
  q: string;
  links: {
    spotifyUrl?: string;
    bandcampUrl?: string;
    soundcloudUrl?: string;
    websiteUrl?: string;
    socialUrls: string[];
  };
}

/**
 * GET /api/artists/search: possible duplicates of the artist being typed (spec §4 "Artist search").
 * The links typed so far go along, so the same Spotify page is found whatever the name.
 */
export function artistSearchQueryOptions({ q, links }: ArtistSearchParams) {
  return queryOptions({
    queryKey: [ARTISTS, 'search', { q, ...links }],
    queryFn: ({ signal }) =>
      apiGet(`${ARTISTS}/search${queryString({ q, ...links })}`, ZArtistSearchResults, { signal }),
    enabled: q.trim().length >= 2,
    staleTime: 10_000,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/artists/reward-preview: what this fan would earn now for an add, a link, a verification. */
export function artistRewardPreviewQueryOptions() {
  return queryOptions({
    queryKey: [ARTISTS, 'reward-preview'],
    queryFn: ({ signal }) => apiGet(`${ARTISTS}/reward-preview`, ZArtistRewardPreview, { signal }),
  });
}

/** GET /api/artists/{artistId}/verification/{userId}: whether this user verified it, and its links. */
export function artistVerificationQueryOptions(artistId: string, userId: string) {
  return queryOptions({
    queryKey: [ARTISTS, artistId, 'verification', userId],
    queryFn: ({ signal }) =>
      apiGet(
        `${ARTISTS}/${encodeURIComponent(artistId)}/verification/${encodeURIComponent(userId)}`,
        ZArtistVerificationStatus,
        { signal },
      ),
    staleTime: 0,
  });
}

/** Spec §7: after an add or a verification the artist lists (and their counts) load again. */
function refreshArtists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [ARTISTS] });
}

/** POST /api/artists. */
export function useAddArtistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddArtistRequest) =>
      sendWithSession(queryClient, () => apiPost(ARTISTS, body, ZAddArtistResponse)),
    onSuccess: () => Promise.all([refreshArtists(queryClient), refreshPayola(queryClient)]),
  });
}

/** POST /api/artists/verify ("Is this them?" confirmed, or links added to an artist this fan verified). */
export function useVerifyArtistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVerifyArtistRequest) =>
      sendWithSession(queryClient, () => apiPost(`${ARTISTS}/verify`, body, ZVerifyArtistResponse)),
    onSuccess: () => Promise.all([refreshArtists(queryClient), refreshPayola(queryClient)]),
  });
}

const RESOURCE: CatalogResource = { root: ARTISTS, field: 'artists' };

/** POST /api/artists/{id}/vote with the state asked for (never a blind toggle). */
export function useVoteMutation(artistId: string) {
  return useCatalogVoteMutation(RESOURCE, artistId);
}

/** POST /api/artists/{id}/favorite with the state asked for. */
export function useFavoriteMutation(artistId: string) {
  return useCatalogFavoriteMutation(RESOURCE, artistId);
}
