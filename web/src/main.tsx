import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageSpinner } from '@/components/ui/spinner';
import { onReadModelsPending } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { refreshWhileReadModelsCatchUp } from '@/lib/read-models-pending';
import { routeTree } from './routeTree.gen';
import './styles.css';

onReadModelsPending(refreshWhileReadModelsCatchUp(queryClient));

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

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
