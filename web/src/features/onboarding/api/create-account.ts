import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateAccountResponse, type TCreateAccountRequest } from '@app/contracts';
import { sendWithSession } from '@/lib/session/auth-user-query';
import { apiPost } from '@/lib/api-client';

export function useCreateAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAccountRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/create-account', body, ZCreateAccountResponse)),
  });
}
