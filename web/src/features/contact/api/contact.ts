import { useMutation } from '@tanstack/react-query';
import type { TContactRequest } from '@app/contracts';
import { apiPost } from '@/lib/api-client';

export function useSendContactMessageMutation() {
  return useMutation({ mutationFn: (body: TContactRequest) => apiPost('/api/contact', body) });
}
