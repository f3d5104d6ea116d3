import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLoginResponse, type TLoginRequest } from '@app/contracts';
import { authUserQueryOptions, sendWithSession } from '@/lib/session/auth-user-query';
import { apiPost } from '@/lib/api-client';

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLoginRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/login', body, ZLoginResponse)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUserQueryOptions().queryKey }),
  });
}
