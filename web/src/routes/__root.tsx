import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { AppShell } from '@/features/shell/components/app-shell';
import { NotFoundPage } from '@/features/shell/components/not-found-page';
import { RouteErrorPage } from '@/features/shell/components/route-error-page';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: APP_NAME }] }),
  component: RootLayout,
  notFoundComponent: NotFoundRoute,
  errorComponent: ({ error }) => (
    <AppShell>
      <RouteErrorPage error={error} />
    </AppShell>
  ),
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <AppShell>
        <Outlet />
      </AppShell>
    </>
  );
}

// The root's notFoundComponent renders inside RootLayout's <Outlet />, so the shell is already there.
function NotFoundRoute() {
  return (
    <>
      <title>{`Page Not Found · ${APP_NAME}`}</title>
      <NotFoundPage />
    </>
  );
}
