import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAcknowledgement, ZConfirmEmailResponse, ZListenerInvitation } from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';
import { authUserQueryOptions, sendWithSession } from '@/lib/session/auth-user-query';

/** What an invitation link (/create-account?invite=...) pre-fills: the waitlist entry behind its token. */
export function listenerInvitationQuery(token: string) {
  return queryOptions({
    queryKey: ['/api/waitlist/invitations', token],
    queryFn: ({ signal }) =>
      apiGet(`/api/waitlist/invitations/${encodeURIComponent(token)}`, ZListenerInvitation, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/confirm-sign-up: the link a new Listener got by email starts the free membership. */
export function useConfirmSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      sendWithSession(queryClient, () => apiPost('/api/confirm-sign-up', { token }, ZConfirmEmailResponse)),
    // Signed in as that Listener here? The guard opens the app on the next read of the session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUserQueryOptions().queryKey }),
  });
}

/** POST /api/confirm-sign-up/resend: the link again, to the signed-in Listener's address. */
export function useResendSignUpConfirmationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendWithSession(queryClient, () => apiPost('/api/confirm-sign-up/resend', {}, ZAcknowledgement)),
  });
}
