import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateAccountResponse, type TCreateAccountRequest } from '@app/contracts';
import { ensureSessionChecked } from '@/features/session/api/auth-query';
import { apiPost } from '@/lib/api-client';

export function useCreateAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateAccountRequest) => {
      await ensureSessionChecked(queryClient);
      return apiPost('/api/create-account', body, ZCreateAccountResponse);
    },
  });
}
