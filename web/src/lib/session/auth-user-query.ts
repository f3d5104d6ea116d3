import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, type TAuthCheckResponse, type TAuthUser } from '@app/contracts';
import { apiGet, isApiError } from '@/lib/api-client';

/** docs/product.md §9: the auth check is fresh for 10 s. */
export const AUTH_CHECK_STALE_TIME_MS = 10_000;

/**
 * The signed-in user, or null. A 401 means "no user" (docs/product.md §4), so it resolves to null and is never
 * retried; it also sets the XSRF-TOKEN cookie that every later POST echoes.
 *
 * The answer is read as its contract's type, not parsed with ZAuthCheckResponse: every page, the
 * landing page first, waits for this check, and a zod schema here would put zod (~25 kB gzip) into the
 * JavaScript of a first visit (issue #23). The api builds the answer from the same contract.
 */
export function authUserQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/check'],
    queryFn: async ({ signal }): Promise<TAuthUser | null> => {
      const response = await apiGet<TAuthCheckResponse>('/api/auth/check', undefined, { signal, on401: 'null' });
      return response?.authenticated && response.user ? response.user : null;
    },
    staleTime: AUTH_CHECK_STALE_TIME_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/**
 * For route loaders: the auth check in the cache before the page renders. A failed check is left to
 * the page, which treats it as signed out (useSession), so it never fails the navigation.
 */
export function ensureSession(queryClient: QueryClient): Promise<TAuthUser | null> {
  return queryClient.ensureQueryData(authUserQueryOptions()).catch(() => null);
}

export interface Session {
  user: TAuthUser | null;
  /** True until the first auth check has answered. */
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useSession(): Session {
  const { data, isPending } = useQuery(authUserQueryOptions());
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}

/**
 * Sends a state-changing call with a valid XSRF token. The server sets the XSRF-TOKEN cookie on API
 * GETs and binds it to the session, so: wait for an auth check first, and if the token was refused
 * (403: the session ended meanwhile, e.g. a password reset signs every device out), check again,
 * which issues a fresh token, and retry once.
 */
export async function sendWithSession<T>(queryClient: QueryClient, send: () => Promise<T>): Promise<T> {
  await ensureSession(queryClient);
  try {
    return await send();
  } catch (error) {
    const tokenRefused =
      isApiError(error) && error.status === 403 && error.serverMessage === ACCOUNT_MESSAGES.csrfInvalid;
    if (!tokenRefused) throw error;
    await refetchSession(queryClient).catch(() => null);
    return send();
  }
}

/** Asks the server again, ignoring the cache (after sign-up, payment, an identity decision). */
export function refetchSession(queryClient: QueryClient): Promise<TAuthUser | null> {
  return queryClient.fetchQuery({ ...authUserQueryOptions(), staleTime: 0 });
}
