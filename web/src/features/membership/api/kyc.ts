import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZKycStatusResponse,
  ZKycTestDecisionResponse,
  ZStartKycSessionResponse,
  type TKycTestDecisionRequest,
} from '@app/contracts';
import { sendWithSession } from '@/lib/session/auth-user-query';
import { apiGet, apiPost } from '@/lib/api-client';

/**
 * POST /api/kyc/session when the identity step shows: continues the open identity check session, or
 * starts a new one. A new `attempt` opens a new session (after a declined or expired decision).
 */
export function kycSessionQueryOptions(userId: string, attempt: number) {
  return queryOptions({
    queryKey: ['/api/kyc/session', userId, attempt],
    queryFn: ({ client, signal }) =>
      sendWithSession(client, () => apiPost('/api/kyc/session', undefined, ZStartKycSessionResponse, { signal })),
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

/** GET /api/kyc/status, polled after the identity service reports that the user finished its session. */
export function kycStatusQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['/api/kyc/status', sessionId],
    queryFn: ({ signal }) => apiGet('/api/kyc/status', ZKycStatusResponse, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
