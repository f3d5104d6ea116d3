import type { QueryClient } from '@tanstack/react-query';

/** docs/product.md §2: logging out is a browser navigation to /api/logout, which ends the session and returns to /. */
export function logOut(queryClient: QueryClient): void {
  window.location.assign('/api/logout');
  queryClient.clear();
}
