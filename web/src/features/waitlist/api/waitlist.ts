import { useMutation } from '@tanstack/react-query';
import type { TWaitlistRequest } from '@app/contracts';
import { apiPost } from '@/lib/api-client';

/** POST /api/waitlist: answered the same whether or not the address was already on the list. */
export function useJoinWaitlistMutation() {
  return useMutation({ mutationFn: (body: TWaitlistRequest) => apiPost('/api/waitlist', body) });
}
