import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZFavoriteResponse, ZVoteResponse } from '@app/contracts';
import { apiPost } from '@/lib/api-client';
import { sendWithSession } from '@/lib/session/auth-user-query';
import { favoriteCountAfter, patchCachedEntry, refreshPayola } from './query-cache';

/** One catalogue's API root and the field its list pages keep their entries under. */
export interface CatalogResource {
  root: '/api/artists' | '/api/venues';
  field: 'artists' | 'venues';
}

interface Toggled {
  id: string;
  voteCount: number;
  userHasVoted: boolean;
  favoriteCount: number;
  userHasFavorited: boolean;
}

/** POST {root}/{id}/vote with the state asked for (never a blind toggle); the cached entry follows. */
export function useCatalogVoteMutation(resource: CatalogResource, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: boolean) =>
      sendWithSession(queryClient, () =>
        apiPost(`${resource.root}/${encodeURIComponent(id)}/vote`, { vote }, ZVoteResponse),
      ),
    onSuccess: ({ voted, voteCount }) => {
      patchCachedEntry<Toggled>(queryClient, resource.root, resource.field, id, (entry) => ({
        ...entry,
        userHasVoted: voted,
        voteCount,
      }));
      return refreshPayola(queryClient);
    },
  });
}

/** POST {root}/{id}/favorite with the state asked for; the cached entry, Favorites and counts follow. */
export function useCatalogFavoriteMutation(resource: CatalogResource, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      sendWithSession(queryClient, () =>
        apiPost(`${resource.root}/${encodeURIComponent(id)}/favorite`, { favorite }, ZFavoriteResponse),
      ),
    onSuccess: ({ favorited }) => {
      patchCachedEntry<Toggled>(queryClient, resource.root, resource.field, id, (entry) => ({
        ...entry,
        userHasFavorited: favorited,
        favoriteCount: favoriteCountAfter(entry, favorited),
      }));
      // The Favorites tab and page, and the counts, change with it (inactive ones reload when next shown).
      void queryClient.invalidateQueries({ queryKey: [resource.root, 'favorites'] });
      void queryClient.invalidateQueries({ queryKey: [resource.root, 'counts'] });
    },
  });
}
