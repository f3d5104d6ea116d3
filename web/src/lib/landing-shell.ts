import { hashKey, type QueryClient } from '@tanstack/react-query';
import { authUserQueryOptions } from '@/lib/session/auth-user-query';

/**
 * The prerendered landing page in index.html (web/prerender-landing.ts, issue #23): painted
 * before any JavaScript, and shown until the app has rendered a page of its own.
 */
export const LANDING_SHELL_ID = 'landing-shell';

/**
 * Set while the app last saw a signed-in user: web/public/landing-shell-gate.js then hides the landing
 * page a signed-in visitor to "/" would otherwise see until the auth check sends them home. It is only
 * a hint: wrong, it costs a spinner (set) or a glimpse of the landing page (unset).
 */
export const LANDING_SHELL_SIGNED_IN_KEY = 'payola.signedIn';

/** The prerendered landing page is in the document and the gate script left it visible. */
export function isLandingShellShown(): boolean {
  return (
    document.getElementById(LANDING_SHELL_ID) !== null &&
    !document.documentElement.classList.contains('no-landing-shell')
  );
}

/** The app's first page is rendered: it takes the shell's place (index.html's style shows #root once the shell is gone). */
export function removeLandingShell(): void {
  document.getElementById(LANDING_SHELL_ID)?.remove();
}

/** Keeps the signed-in hint in step with the auth check, whatever set it (a check, a sign-in, a sign-out). */
export function rememberSignedInForLandingShell(queryClient: QueryClient): () => void {
  const queryHash = hashKey(authUserQueryOptions().queryKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== queryHash) return;
    if (event.query.state.status !== 'success') return;
    try {
      if (event.query.state.data) localStorage.setItem(LANDING_SHELL_SIGNED_IN_KEY, '1');
      else localStorage.removeItem(LANDING_SHELL_SIGNED_IN_KEY);
    } catch {
      // Storage refused: the shell shows as for any visitor.
    }
  });
}
