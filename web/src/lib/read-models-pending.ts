import type { QueryClient } from '@tanstack/react-query';

/** After a write whose read models were behind: refresh what is on screen at these moments. */
const REFRESH_AFTER_MS = [1_000, 3_000, 7_000, 15_000];

/**
 * A write answered with `X-Read-Models-Pending` is stored, but lists, balances and counts may not
 * show it yet (the server stopped waiting for them). Rather than leave a stale screen as if it were
 * final, the app refetches its active queries a few times over the next seconds; a later write that
 * is pending too starts the schedule again.
 */
export function refreshWhileReadModelsCatchUp(queryClient: QueryClient): () => void {
  let timers: ReturnType<typeof setTimeout>[] = [];
  return () => {
    for (const timer of timers) clearTimeout(timer);
    timers = REFRESH_AFTER_MS.map((ms) => setTimeout(() => void queryClient.invalidateQueries(), ms));
  };
}
