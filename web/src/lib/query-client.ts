import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './api-client';

/**
 * docs/product.md §7: a query whose key is a list of path segments (['/api/artists', id]) loads with a GET to
 * the joined path. Feature code should still prefer explicit `queryOptions` factories with a schema.
 */
const getFromQueryKey: QueryFunction = ({ queryKey, signal }) => {
  const path = queryKey.map((segment) => String(segment)).join('/');
  return apiGet(path, undefined, { signal });
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getFromQueryKey,
        staleTime: 30_000,
        retry: false,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
