import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZClaimCode,
  ZEntryClaimStatus,
  ZEntryHistoryPage,
  type TEntryClaimStatus,
  type TSubmitClaimRequest,
} from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';
import { sendWithSession } from '@/lib/session/auth-user-query';
import { queryString } from './query-cache';

/** `/api/artists` or `/api/venues`: the keys sit under the catalogue's root, so its invalidations reach them. */
export type CatalogRoot = '/api/artists' | '/api/venues';

/** GET {root}/{id}/history: the entry's edit history, newest first, a page per cursor (loaded when opened). */
export function entryHistoryQueryOptions(root: CatalogRoot, id: string) {
  return infiniteQueryOptions({
    queryKey: [root, id, 'history'],
    queryFn: ({ pageParam, signal }) =>
      apiGet(`${root}/${encodeURIComponent(id)}/history${queryString({ cursor: pageParam })}`, ZEntryHistoryPage, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET {root}/{id}/claim: whether the entry is claimed, and this member's own claim. */
export function entryClaimQueryOptions(root: CatalogRoot, id: string) {
  return queryOptions({
    queryKey: [root, id, 'claim'],
    queryFn: ({ signal }) => apiGet(`${root}/${encodeURIComponent(id)}/claim`, ZEntryClaimStatus, { signal }),
  });
}

/** POST {root}/{id}/claim: a code (shown once); `renew` replaces one not used yet. */
export function useStartClaim(root: CatalogRoot, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (renew: boolean) =>
      sendWithSession(queryClient, () => apiPost(`${root}/${encodeURIComponent(id)}/claim`, { renew }, ZClaimCode)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [root, id, 'claim'] }),
  });
}

/** POST {root}/{id}/claim/submit: which link shows the code; the answer is where the claim now stands. */
export function useSubmitClaim(root: CatalogRoot, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSubmitClaimRequest) =>
      sendWithSession(queryClient, () =>
        apiPost(`${root}/${encodeURIComponent(id)}/claim/submit`, body, ZEntryClaimStatus),
      ),
    onSuccess: (status: TEntryClaimStatus) => queryClient.setQueryData([root, id, 'claim'], status),
  });
}
