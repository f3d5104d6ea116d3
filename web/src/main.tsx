import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageSpinner } from '@/components/ui/spinner';
import { onReadModelsPending } from '@/lib/api-client';
import { isLandingShellShown, rememberSignedInForLandingShell } from '@/lib/landing-shell';
import { queryClient } from '@/lib/query-client';
import { refreshWhileReadModelsCatchUp } from '@/lib/read-models-pending';
import { routeTree } from './routeTree.gen';
import './styles.css';

onReadModelsPending(refreshWhileReadModelsCatchUp(queryClient));
rememberSignedInForLandingShell(queryClient);

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // React Query decides freshness; the router should always ask it.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <PageSpinner />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
const renderApp = () =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );

if (isLandingShellShown()) {
  // The prerendered landing page is on screen, so nothing is lost by resolving the route (the auth
  // check) first: React then renders the page once, in a transition, in slices that yield to the
  // browser, instead of in one long task when the router's state arrives (issue #23: Lighthouse's
  // Total Blocking Time). Elsewhere the app renders at once, so its pending spinner can show.
  void router.load().finally(() => startTransition(renderApp));
} else {
  renderApp();
}
