import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOpsClaim, ZOpsClaimsPage } from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';

const CLAIMS_KEY = '/api/ops/claims';
export type ClaimStatus = 'pending' | 'approved' | 'refused';

/** GET /api/ops/claims?status=: oldest submission first, a page per cursor (server-side keyset pages). */
export function opsClaimsQueryOptions(status: ClaimStatus) {
  return infiniteQueryOptions({
    queryKey: [CLAIMS_KEY, status],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `${CLAIMS_KEY}?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        ZOpsClaimsPage,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Approves or refuses with a reason; every list of claims loads again (the claim moves between them). */
export function useClaimDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, action, reason }: { claimId: string; action: 'approve' | 'refuse'; reason: string }) =>
      apiPost(`${CLAIMS_KEY}/${encodeURIComponent(claimId)}/${action}`, { reason }, ZOpsClaim),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CLAIMS_KEY] }),
  });
}
