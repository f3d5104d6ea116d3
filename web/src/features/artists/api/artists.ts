import { queryOptions } from '@tanstack/react-query';
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
import { apiGet, apiPost } from '@/lib/api-client';
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
import type { ArtistFilters, ArtistTab } from '../lib/list-search';

/**
 * Every artist query lives under this key (docs/product.md §7: a key's segments are the path it loads), so one
 * invalidation after an add refreshes the lists, the counts and the profiles together.
 */
const ARTISTS = '/api/artists';

const RESOURCE: CatalogResource = { root: ARTISTS, field: 'artists' };

export type ArtistPage = CatalogPage<'artists', TArtist>;

/** GET /api/artists/{my|all|favorites}: one infinite list per tab and filters, 24 artists a page. */
export function artistListQueryOptions(tab: ArtistTab, filters: ArtistFilters) {
  return catalogListQueryOptions(
    { root: ARTISTS, field: 'artists' },
    { tab, path: `${ARTISTS}/${tab}`, filters, schema: ZArtistList, cursorHeader: ARTIST_LIST_NEXT_CURSOR_HEADER },
  );
}

/** GET /api/artists/counts: the three tabs' counts. */
export function artistCountsQueryOptions() {
  return catalogQueryOptions(ARTISTS, 'counts', ZArtistCounts);
}

/** GET /api/artists/{id}: the profile, with this user's vote and favourite. */
export function artistQueryOptions(id: string) {
  return catalogQueryOptions(ARTISTS, id, ZArtist);
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
 * GET /api/artists/search: possible duplicates of the artist being typed (docs/product.md §4 "Artist search").
 * The links typed so far go along, so the same Spotify page is found whatever the name.
 */
export function artistSearchQueryOptions({ q, links }: ArtistSearchParams) {
  return catalogSearchQueryOptions(ARTISTS, { q, ...links }, ZArtistSearchResults);
}

/** GET /api/artists/reward-preview: what this fan would earn now for an add, a link, a verification. */
export function artistRewardPreviewQueryOptions() {
  return catalogQueryOptions(ARTISTS, 'reward-preview', ZArtistRewardPreview);
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

/** POST /api/artists; then the artist lists (and their counts) and the balance load again (docs/product.md §7). */
export function useAddArtistMutation() {
  return useCatalogWriteMutation(ARTISTS, (body: TAddArtistRequest) => apiPost(ARTISTS, body, ZAddArtistResponse));
}

/** POST /api/artists/verify ("Is this them?" confirmed, or links added to an artist this fan verified). */
export function useVerifyArtistMutation() {
  return useCatalogWriteMutation(ARTISTS, (body: TVerifyArtistRequest) =>
    apiPost(`${ARTISTS}/verify`, body, ZVerifyArtistResponse),
  );
}

/** POST /api/artists/{id}/vote with the state asked for (never a blind toggle). */
export function useVoteMutation(artistId: string) {
  return useCatalogVoteMutation(RESOURCE, artistId);
}

/** POST /api/artists/{id}/favorite with the state asked for. */
export function useFavoriteMutation(artistId: string) {
  return useCatalogFavoriteMutation(RESOURCE, artistId);
}
