import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLoginResponse, type TLoginRequest } from '@app/contracts';
import { authQueryKey, ensureSessionChecked } from '@/features/session/api/auth-query';
import { apiPost } from '@/lib/api-client';

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TLoginRequest) => {
      await ensureSessionChecked(queryClient);
      return apiPost('/api/login', body, ZLoginResponse);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueryKey }),
  });
}
