import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TForgotPasswordRequest, TResetPasswordRequest } from '@app/contracts';
import { ensureSessionChecked } from '@/features/session/api/auth-query';
import { apiPost } from '@/lib/api-client';

/** Answered the same whether or not an account exists for the email. */
export function useForgotPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TForgotPasswordRequest) => {
      await ensureSessionChecked(queryClient);
      return apiPost('/api/forgot-password', body);
    },
  });
}

export function useResetPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TResetPasswordRequest) => {
      await ensureSessionChecked(queryClient);
      return apiPost('/api/reset-password', body);
    },
  });
}
