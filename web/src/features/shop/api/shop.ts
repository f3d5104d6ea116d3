import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZCheckCodeResponse,
  ZCreateOfferResponse,
  ZMyRedemptions,
  ZOfferPage,
  ZRedeemOfferResponse,
  ZShopStatus,
  ZUseCodeResponse,
  ZWithdrawOfferResponse,
  type TCreateOfferRequest,
  type TOfferKind,
} from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';
import { authUserQueryOptions, sendWithSession } from '@/lib/session/auth-user-query';

/** Every shop query lives under this key: a redemption, a new offer or a withdrawal refreshes them all. */
const SHOP = '/api/shop';

/** GET /api/shop/status: open or not, the milestone's progress and my balance (as redemption checks it). */
export function shopStatusQueryOptions() {
  return queryOptions({
    queryKey: [SHOP, 'status'],
    queryFn: ({ signal }) => apiGet(`${SHOP}/status`, ZShopStatus, { signal }),
    refetchOnWindowFocus: true,
  });
}

export interface OfferFilters {
  kind?: TOfferKind;
  entryKind?: 'artist' | 'venue' | 'platform';
  entryId?: string;
  search?: string;
  affordable?: boolean;
}

function offerQuery(filters: OfferFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.entryKind) params.set('entryKind', filters.entryKind);
  if (filters.entryId) params.set('entryId', filters.entryId);
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  if (filters.affordable) params.set('affordable', 'true');
  if (cursor) params.set('cursor', cursor);
  return params.size ? `?${params}` : '';
}

/** GET /api/shop/offers: the offers that can be redeemed, filtered and searched on the server, a page at a time. */
export function offersQueryOptions(filters: OfferFilters) {
  return infiniteQueryOptions({
    queryKey: [SHOP, 'offers', filters],
    queryFn: ({ signal, pageParam }) =>
      apiGet(`${SHOP}/offers${offerQuery(filters, pageParam)}`, ZOfferPage, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** GET /api/shop/redemptions: my codes, newest first. */
export function myCodesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [SHOP, 'redemptions'],
    queryFn: ({ signal, pageParam }) =>
      apiGet(`${SHOP}/redemptions${pageParam ? `?cursor=${pageParam}` : ''}`, ZMyRedemptions, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** After a spend or a refund the balance shows everywhere: the nav badge, the Payola page, the shop. */
function useShopWrite() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    // Not awaited by the mutation: what the member asked for (a code, a confirmation) shows at once.
    refresh: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: [SHOP] }),
        queryClient.invalidateQueries({ queryKey: ['/api/payola/stats'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/payola/history'] }),
        queryClient.invalidateQueries({ queryKey: authUserQueryOptions().queryKey }),
      ]),
  };
}

/** POST /api/shop/offers/:id/redeem: the price is the offer's and the fan is the session's. */
export function useRedeemOfferMutation() {
  const { queryClient, refresh } = useShopWrite();
  return useMutation({
    mutationFn: (offerId: string) =>
      sendWithSession(queryClient, () =>
        apiPost(`${SHOP}/offers/${encodeURIComponent(offerId)}/redeem`, {}, ZRedeemOfferResponse),
      ),
    onSuccess: refresh,
  });
}

/** POST /api/shop/offers. */
export function useCreateOfferMutation() {
  const { queryClient, refresh } = useShopWrite();
  return useMutation({
    mutationFn: (body: TCreateOfferRequest) =>
      sendWithSession(queryClient, () => apiPost(`${SHOP}/offers`, body, ZCreateOfferResponse)),
    onSuccess: refresh,
  });
}

/** POST /api/shop/offers/:id/withdraw: unused codes' Payola goes back to their fans. */
export function useWithdrawOfferMutation() {
  const { queryClient, refresh } = useShopWrite();
  return useMutation({
    mutationFn: (offerId: string) =>
      sendWithSession(queryClient, () =>
        apiPost(`${SHOP}/offers/${encodeURIComponent(offerId)}/withdraw`, {}, ZWithdrawOfferResponse),
      ),
    onSuccess: refresh,
  });
}

/** POST /api/shop/codes/check: what a code typed at the door is (a read, sent as POST so codes stay out of URLs). */
export function useCheckCodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      sendWithSession(queryClient, () => apiPost(`${SHOP}/codes/check`, { code }, ZCheckCodeResponse)),
  });
}

/** POST /api/shop/codes/use: marks a valid code used, once. */
export function useMarkCodeUsedMutation() {
  const { queryClient, refresh } = useShopWrite();
  return useMutation({
    mutationFn: (code: string) =>
      sendWithSession(queryClient, () => apiPost(`${SHOP}/codes/use`, { code }, ZUseCodeResponse)),
    onSuccess: refresh,
  });
}
