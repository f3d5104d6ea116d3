import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { PAYOLA_HISTORY_TOTAL_HEADER, ZPayolaHistory, ZPayolaStats, type TPayolaHistoryEntry } from '@app/contracts';
import { apiGet, apiGetWithHeaders } from '@/lib/api-client';
import { hasActiveFilters, historyQuery, type HistoryFilters } from '../lib/history-filters';

/**
 * The Payola page asks again on every visit and whenever the window regains focus. The one second of
 * freshness only spares it a second request when it mounts right after its route loader fetched.
 */
const FRESH_MS = 1000;

/** GET /api/payola/stats: the balance. The page is guarded, so it is asked for only when signed in. */
export function payolaStatsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/payola/stats'],
    queryFn: ({ signal }) => apiGet('/api/payola/stats', ZPayolaStats, { signal }),
    staleTime: FRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export interface PayolaHistoryPage {
  /** The page these entries are (while another page loads, this one stays on screen). */
  page: number;
  /** Newest first. */
  entries: TPayolaHistoryEntry[];
  /** How many entries match the filters, over all pages. */
  total: number;
  /** Whether any filter was applied (which empty text fits). */
  filtered: boolean;
}

const ZTotalCount = z.string().regex(/^\d+$/).transform(Number);

/**
 * GET /api/payola/history: one page of the entries matching the filters, filtered and paged by the
 * server, with the total in the X-Total-Count header. While another page or filter loads, the previous
 * page stays on screen (keepPreviousData), so the table never flashes empty.
 */
export function payolaHistoryQueryOptions(filters: HistoryFilters, page: number) {
  return queryOptions({
    queryKey: ['/api/payola/history', { ...filters, search: filters.search.trim(), page }],
    queryFn: async ({ signal }): Promise<PayolaHistoryPage> => {
      // Built at fetch time: a refetch moves 'today' and 'the last 7 days' along with the clock.
      const query = Object.entries(historyQuery(filters, page)).filter(([, value]) => value !== undefined);
      const params = new URLSearchParams(query.map(([key, value]) => [key, String(value)]));
      const { data, headers } = await apiGetWithHeaders(`/api/payola/history?${params}`, ZPayolaHistory, { signal });
      return {
        page,
        entries: data,
        total: ZTotalCount.parse(headers.get(PAYOLA_HISTORY_TOTAL_HEADER)),
        filtered: hasActiveFilters(filters),
      };
    },
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
    refetchOnWindowFocus: true,
  });
}
