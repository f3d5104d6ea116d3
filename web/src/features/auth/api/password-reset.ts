import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TForgotPasswordRequest, TResetPasswordRequest } from '@app/contracts';
import { refetchSession, sendWithSession } from '@/lib/session/auth-user-query';
import { apiPost } from '@/lib/api-client';

/** Answered the same whether or not an account exists for the email. */
export function useForgotPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TForgotPasswordRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/forgot-password', body)),
  });
}

export function useResetPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TResetPasswordRequest) => {
      await sendWithSession(queryClient, () => apiPost('/api/reset-password', body));
      // A reset signs the account out everywhere; ask again so the app (and its XSRF token) knows.
      await refetchSession(queryClient).catch(() => null);
    },
  });
}
