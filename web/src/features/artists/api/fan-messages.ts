import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZFanMessages, ZPostFanMessageResponse, type TPostFanMessageRequest } from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';
import { authUserQueryOptions, sendWithSession } from '@/lib/session/auth-user-query';

const FAN_MESSAGES = '/api/fan-messages';

/** GET /api/fan-messages?artistId=: the public messages, and this user's own private ones. */
export function fanMessagesQueryOptions(artistId: string) {
  return queryOptions({
    queryKey: [FAN_MESSAGES, { artistId }],
    queryFn: ({ signal }) =>
      apiGet(`${FAN_MESSAGES}?artistId=${encodeURIComponent(artistId)}`, ZFanMessages, { signal }),
  });
}

/** POST /api/fan-messages (docs/product.md §7): sent after the artist is added, with the checked video. */
export function usePostFanMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPostFanMessageRequest) =>
      sendWithSession(queryClient, () => apiPost(FAN_MESSAGES, body, ZPostFanMessageResponse)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [FAN_MESSAGES] }),
        queryClient.invalidateQueries({ queryKey: ['/api/payola/stats'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/payola/history'] }),
        queryClient.invalidateQueries({ queryKey: authUserQueryOptions().queryKey }),
      ]),
  });
}
