import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZKycStatusResponse,
  ZKycTestDecisionResponse,
  ZStartKycSessionResponse,
  type TKycStatusResponse,
  type TKycTestDecisionRequest,
} from '@app/contracts';
import { sendWithSession } from '@/features/session/api/auth-query';
import { apiGet, apiPost } from '@/lib/api-client';

/**
 * POST /api/kyc/session on mount: continues the open identity check session, or starts a new one. A new
 * `attempt` opens a new session (after a declined or expired decision).
 */
export function useKycSessionQuery(userId: string, attempt: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['/api/kyc/session', userId, attempt],
    queryFn: ({ signal }) =>
      sendWithSession(queryClient, () => apiPost('/api/kyc/session', undefined, ZStartKycSessionResponse, { signal })),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/kyc/test-decision (test mode): delivered through the same signed webhook path as Veriff's. */
export function useKycTestDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TKycTestDecisionRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/kyc/test-decision', body, ZKycTestDecisionResponse)),
  });
}

export function fetchKycStatus(signal?: AbortSignal): Promise<TKycStatusResponse> {
  return apiGet('/api/kyc/status', ZKycStatusResponse, { signal });
}
