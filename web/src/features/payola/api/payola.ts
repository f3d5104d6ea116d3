import { useQuery } from '@tanstack/react-query';
import { ZPayolaHistory, ZPayolaStats } from '@app/contracts';
import { apiGet } from '@/lib/api-client';

/** GET /api/payola/stats: fetched only when signed in (the page is guarded); fresh on mount and focus. */
export function usePayolaStatsQuery() {
  return useQuery({
    queryKey: ['/api/payola/stats'],
    queryFn: ({ signal }) => apiGet('/api/payola/stats', ZPayolaStats, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** GET /api/payola/history, newest first. */
export function usePayolaHistoryQuery() {
  return useQuery({
    queryKey: ['/api/payola/history'],
    queryFn: ({ signal }) => apiGet('/api/payola/history', ZPayolaHistory, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
