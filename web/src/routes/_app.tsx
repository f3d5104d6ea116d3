import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RequireMembership } from '@/lib/session/require-membership';

/** The main application (docs/product.md §2 route table): signed in with payment completed. */
export const Route = createFileRoute('/_app')({
  component: () => (
    <RequireMembership>
      <Outlet />
    </RequireMembership>
  ),
});
