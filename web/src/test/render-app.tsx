import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
import { routeTree } from '@/routeTree.gen';

/**
 * Renders the app at `path` the way a browser would: the real route tree (guards, loaders, the shell
 * with its toasts) on a fresh query cache, so a test finds the page the way a user reaches it, and
 * tests do not depend on how a page is split into components.
 */
export async function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMs: 0,
  });
  // No pause between keystrokes: the forms react per change, not per timer.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The shell's nav bar is on every page once the root loader (the auth check) has answered (a page
  // may add a navigation of its own, as the operators console does).
  await screen.findAllByRole('navigation', {}, { timeout: 10_000 });
  return { ...view, user, router, queryClient };
}
