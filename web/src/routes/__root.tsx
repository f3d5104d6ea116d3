import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { AppShell } from '@/features/shell/components/app-shell';
import { NotFoundPage } from '@/features/shell/components/not-found-page';
import { RouteErrorPage } from '@/features/shell/components/route-error-page';
import { ensureSession } from '@/lib/session/auth-user-query';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: APP_NAME }] }),
  // Every page shows the nav bar, which reads the session; guarded and membership pages decide on it.
  loader: ({ context }) => ensureSession(context.queryClient),
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
