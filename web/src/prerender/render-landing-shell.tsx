import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from '@/features/landing/components/landing-page';
import { AppShell } from '@/features/shell/components/app-shell';
import { createQueryClient } from '@/lib/query-client';
import { authUserQueryOptions } from '@/lib/session/auth-user-query';
import { routeTree } from '../routeTree.gen';

/**
 * The landing page as a visitor first sees it (signed out, the live milestones still loading), rendered
 * to HTML at build time (web/prerender-landing.ts puts it into index.html). The browser paints
 * it before any JavaScript arrives; the app takes over once it has rendered its own first page
 * (lib/landing-shell.ts). Issue #23: this is what brings a first visit's paint forward from "after ~400
 * kB of JavaScript and the auth check" to "after the HTML and the CSS".
 *
 * The same components as the app's "/" route inside the same shell, so the swap is invisible. The
 * router is only there for the links (their hrefs); nothing is loaded.
 */
export async function renderLandingShell(): Promise<string> {
  const queryClient = createQueryClient();
  // Signed out: the landing page is what a visitor with no session sees.
  queryClient.setQueryData(authUserQueryOptions().queryKey, null);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { queryClient },
  });
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router}>
          <AppShell>
            <LandingPage />
          </AppShell>
        </RouterContextProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  // The shell's lazy toaster cannot render here: React leaves a client-render marker and a <template>
  // with its reason where it would be, which the page has no use for (the app renders its own).
  return html.replace(/<!--\$!-->[\s\S]*?<!--\/\$-->/g, '');
}
