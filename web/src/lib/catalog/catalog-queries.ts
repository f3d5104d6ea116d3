import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiGetWithHeaders } from '@/lib/api-client';
import { sendWithSession } from '@/lib/session/auth-user-query';
import { queryString, refreshPayola } from './query-cache';

// The queries artists and venues share, by API root (docs/product.md §7: a key's segments are the path it
// loads, so one invalidation of the root refreshes a catalogue's lists, counts and profiles together).

/** A list page: its entries under the catalogue's field ('artists', 'venues'), and the next page's cursor. */
export type CatalogPage<F extends string, T> = Record<F, T[]> & {
  /** null on the last page. */
  nextCursor: string | null;
};

interface CatalogList<T> {
  /** The tab ('my', 'all', 'favorites'), the key's second segment. */
  tab: string;
  /** The tab's path below the API root. */
  path: string;
  filters: object;
  schema: z.ZodType<T[]>;
  /** The response header holding the next page's cursor. */
  cursorHeader: string;
}

/** One infinite list per tab and filters, a page per cursor (24 entries a page). */
export function catalogListQueryOptions<F extends string, T>(
  { root, field }: { root: string; field: F },
  { tab, path, filters, schema, cursorHeader }: CatalogList<T>,
) {
  return infiniteQueryOptions({
    queryKey: [root, tab, filters],
    queryFn: async ({ pageParam, signal }): Promise<CatalogPage<F, T>> => {
      const query = queryString({ ...(filters as Record<string, string | undefined>), cursor: pageParam });
      const { data, headers } = await apiGetWithHeaders(`${path}${query}`, schema, { signal });
      return { [field]: data, nextCursor: headers.get(cursorHeader) || null } as CatalogPage<F, T>;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET {root}/{segment}: the counts, the reward preview, or one entry by id. */
export function catalogQueryOptions<T>(root: string, segment: string, schema: z.ZodType<T>) {
  return queryOptions({
    queryKey: [root, segment],
    queryFn: ({ signal }) => apiGet(`${root}/${encodeURIComponent(segment)}`, schema, { signal }),
  });
}

/** GET {root}/search: possible duplicates of the entry being typed (from 2 characters). */
export function catalogSearchQueryOptions<T>(root: string, params: { q: string }, schema: z.ZodType<T>) {
  return queryOptions({
    queryKey: [root, 'search', params],
    queryFn: ({ signal }) => apiGet(`${root}/search${queryString({ ...params })}`, schema, { signal }),
    enabled: params.q.trim().length >= 2,
    staleTime: 10_000,
    refetchOnWindowFocus: false,
  });
}

/** A write to a catalogue: after it, the catalogue's queries and the Payola balance load again (docs/product.md §7). */
export function useCatalogWriteMutation<TBody, TResult>(root: string, send: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => sendWithSession(queryClient, () => send(body)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [root] }), refreshPayola(queryClient)]),
  });
}
