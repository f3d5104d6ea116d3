import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ZAuthCheckResponse, type TAuthUser } from '@app/contracts';
import { apiGet } from '@/lib/api-client';

/** Spec §9: the auth check is fresh for 10 s. */
export const AUTH_CHECK_STALE_TIME_MS = 10_000;

export const authQueryKey = ['/api/auth/check'] as const;

/**
 * The signed-in user, or null. A 401 means "no user" (spec §4), so it resolves to null and is never
 * retried; it also sets the XSRF-TOKEN cookie that every later POST echoes.
 */
export const authQueryOptions = queryOptions({
  queryKey: authQueryKey,
  queryFn: async ({ signal }): Promise<TAuthUser | null> => {
    const response = await apiGet('/api/auth/check', ZAuthCheckResponse, { signal, on401: 'null' });
    return response?.authenticated && response.user ? response.user : null;
  },
  staleTime: AUTH_CHECK_STALE_TIME_MS,
  refetchOnWindowFocus: true,
  retry: false,
});

export interface Session {
  user: TAuthUser | null;
  /** True until the first auth check has answered. */
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useSession(): Session {
  const { data, isPending } = useQuery(authQueryOptions);
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}

/**
 * Waits for an auth check (cached or in flight) before a state-changing call, so the XSRF-TOKEN
 * cookie the server sets on API GETs is always there for the first POST.
 */
export async function ensureSessionChecked(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.ensureQueryData(authQueryOptions);
  } catch {
    // The POST itself reports any problem.
  }
}

/** Asks the server again, ignoring the cache (after sign-up or login). */
export function refetchSession(queryClient: QueryClient): Promise<TAuthUser | null> {
  return queryClient.fetchQuery({ ...authQueryOptions, staleTime: 0 });
}
