import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConfirmEmailResponse } from '@app/contracts';
import { apiPost } from '@/lib/api-client';
import { authUserQueryOptions, sendWithSession } from '@/lib/session/auth-user-query';

/** POST /api/users/confirm-email: the link from the new inbox makes it the account's email. */
export function useConfirmEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      sendWithSession(queryClient, () => apiPost('/api/users/confirm-email', { token }, ZConfirmEmailResponse)),
    // Signed in here as that account? The nav bar and My Profile show the new address.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUserQueryOptions().queryKey }),
  });
}
