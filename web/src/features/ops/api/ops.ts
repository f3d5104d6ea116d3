import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZOpsDashboard,
  ZOpsMember,
  ZOpsMemberFound,
  ZOpsSession,
  ZSecondFactorConfirmed,
  ZSecondFactorSetup,
  ZSecondFactorVerified,
  type TOpsMemberFound,
  type TSecondFactorVerifyRequest,
} from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';

const SESSION_KEY = ['/api/ops/session'] as const;

/** GET /api/ops/session: 404 for anyone who is not an operator (the route shows the app's 404 page). */
export function opsSessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => apiGet('/api/ops/session', ZOpsSession, { signal }),
    retry: false,
    staleTime: 0,
  });
}

/** GET /api/ops/dashboard: asked again every 15 s while the page is open (lag and queues move). */
export function opsDashboardQueryOptions() {
  return queryOptions({
    queryKey: ['/api/ops/dashboard'],
    queryFn: ({ signal }) => apiGet('/api/ops/dashboard', ZOpsDashboard, { signal }),
    refetchInterval: 15_000,
  });
}

export function useSecondFactorSetup() {
  return useMutation({ mutationFn: () => apiPost('/api/ops/second-factor/setup', {}, ZSecondFactorSetup) });
}

/** Confirms the authenticator; the session stays on the set-up screen until the codes are put away. */
export function useSecondFactorConfirm() {
  return useMutation({
    mutationFn: (code: string) => apiPost('/api/ops/second-factor/confirm', { code }, ZSecondFactorConfirmed),
  });
}

export function useSecondFactorVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: TSecondFactorVerifyRequest) =>
      apiPost('/api/ops/second-factor/verify', proof, ZSecondFactorVerified),
    onSuccess: () => queryClient.setQueryData(SESSION_KEY, { secondFactor: 'passed' }),
  });
}

/** After the recovery codes were shown: the console opens. */
export function useOpenConsole() {
  const queryClient = useQueryClient();
  return () => queryClient.setQueryData(SESSION_KEY, { secondFactor: 'passed' });
}

const MEMBERS_KEY = '/api/ops/members';

/** GET /api/ops/members?q=: the member with this email or fan number (member null: nobody). */
export function opsMemberSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: [MEMBERS_KEY, q],
    queryFn: ({ signal }) => apiGet(`${MEMBERS_KEY}?q=${encodeURIComponent(q)}`, ZOpsMemberFound, { signal }),
    enabled: q.length > 0,
    retry: false,
  });
}

/** Suspends or lifts; the answer is the member as they now stand, put where the search shows them. */
export function useMemberSuspension(q: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, memberId, reason }: { action: 'suspend' | 'lift'; memberId: string; reason: string }) =>
      apiPost(`${MEMBERS_KEY}/${encodeURIComponent(memberId)}/${action}`, { reason }, ZOpsMember),
    onSuccess: (member) => queryClient.setQueryData<TOpsMemberFound>([MEMBERS_KEY, q], { member }),
  });
}
