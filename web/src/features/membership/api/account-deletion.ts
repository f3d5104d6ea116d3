import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAcknowledgement, type TDeleteAccountRequest } from '@app/contracts';
import { apiPost } from '@/lib/api-client';
import { sendWithSession } from '@/lib/session/auth-user-query';

/** POST /api/users/delete-account: the account is erased and this session ends (docs/architecture.md, Erasure). */
export function useDeleteAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeleteAccountRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/users/delete-account', body, ZAcknowledgement)),
  });
}
