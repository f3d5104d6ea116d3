import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZConfirmPaymentResponse,
  ZCreatePaymentIntentResponse,
  ZPaymentResult,
  ZPortalResponse,
  type TAuthUser,
  type TConfirmPaymentResponse,
  type TTestCardPaymentRequest,
} from '@app/contracts';
import { sendWithSession } from '@/lib/session/auth-user-query';
import { apiPost } from '@/lib/api-client';

/**
 * Opens (or, on a reload, continues) the verification checkout. The server decides the amount from
 * the account's role; a 409 means the payment is already complete.
 */
export function paymentIntentQueryOptions(user: Pick<TAuthUser, 'id' | 'role'>) {
  return queryOptions({
    queryKey: ['/api/create-payment-intent', user.id],
    queryFn: ({ client, signal }) =>
      sendWithSession(client, () =>
        apiPost(
          '/api/create-payment-intent',
          { userId: user.id, membershipAddon: user.role === 'fan', selectedRole: user.role },
          ZCreatePaymentIntentResponse,
          { signal },
        ),
      ),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The built-in test mode's card form (POST /api/test-payments/confirm). */
export function useTestCardPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTestCardPaymentRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/test-payments/confirm', body, ZPaymentResult)),
  });
}

/** After Stripe's redirect back: waits (bounded, on the server) for the payment to be recorded. */
export function confirmStripePayment(body: {
  paymentIntentId: string;
  clientSecret?: string;
}): Promise<TConfirmPaymentResponse> {
  return apiPost('/api/stripe/confirm-payment', body, ZConfirmPaymentResponse);
}

/** POST /api/stripe/customer-portal: the URL of the card provider's payment-method settings. */
export function useCustomerPortalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendWithSession(queryClient, () => apiPost('/api/stripe/customer-portal', undefined, ZPortalResponse)),
  });
}
