import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { authUserQueryOptions } from '@/lib/session/auth-user-query';

/** `?a=1&b=x&b=y` from the defined, non-empty values (arrays repeat their key). */
export function queryString(params: Record<string, string | readonly string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of typeof value === 'string' ? [value] : value) if (item) search.append(key, item);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Applies a change to one artist or venue wherever it is cached under `root`: its profile (`[root,
 * id]`) and every list page holding it (pages keep their entries under `field`).
 */
export function patchCachedEntry<T extends { id: string }>(
  queryClient: QueryClient,
  root: string,
  field: string,
  id: string,
  patch: (entry: T) => T,
) {
  queryClient.setQueryData<T>([root, id], (entry) => (entry ? patch(entry) : entry));
  queryClient.setQueriesData<InfiniteData<Record<string, unknown>>>({ queryKey: [root] }, (data) => {
    if (!data || !Array.isArray((data as Partial<InfiniteData<unknown>>).pages)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const entries = page[field];
        if (!Array.isArray(entries)) return page;
        return { ...page, [field]: (entries as T[]).map((entry) => (entry.id === id ? patch(entry) : entry)) };
      }),
    };
  });
}

/** docs/product.md §7: after a vote (or an add) the Payola stats and history and the signed-in user (balance badge) load again. */
export function refreshPayola(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/payola/stats'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/payola/history'] }),
    queryClient.invalidateQueries({ queryKey: authUserQueryOptions().queryKey }),
  ]);
}

/** The count of favourites after a change to the state `favorited` (the server answers the state only). */
export function favoriteCountAfter(entry: { favoriteCount: number; userHasFavorited: boolean }, favorited: boolean) {
  return Math.max(0, entry.favoriteCount + (favorited === entry.userHasFavorited ? 0 : favorited ? 1 : -1));
}
