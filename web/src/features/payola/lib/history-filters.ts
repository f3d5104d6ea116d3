import { PAYOLA_HISTORY_PAGE_SIZE, type TPayolaHistoryQuery } from '@app/contracts';

export type DateFilter = 'all' | 'today' | 'week' | 'month';

export interface HistoryFilters {
  date: DateFilter;
  /** '' = every category. */
  category: string;
  /** '' = every action. */
  action: string;
  search: string;
}

export const NO_FILTERS: HistoryFilters = { date: 'all', category: '', action: '', search: '' };
/** docs/product.md §9 Display: up to 5 page buttons in a sliding window. */
export const MAX_PAGE_BUTTONS = 5;
/** The longest search the history query takes. */
export const MAX_SEARCH_LENGTH = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

export function hasActiveFilters(filters: HistoryFilters): boolean {
  return filters.date !== 'all' || filters.category !== '' || filters.action !== '' || filters.search.trim() !== '';
}

/**
 * docs/product.md §4/§6 Payola history filters, as the server's query for one page. The date filter becomes an
 * instant in the browser's own time zone: 'today' = since local midnight, 'week' and 'month' = the last
 * 7 and 30 days. The server matches the search against description, action and category, ignoring case.
 */
export function historyQuery(filters: HistoryFilters, page: number, now: Date = new Date()): TPayolaHistoryQuery {
  const search = filters.search.trim();
  return {
    page,
    pageSize: PAYOLA_HISTORY_PAGE_SIZE,
    since: since(filters.date, now)?.toISOString(),
    category: filters.category || undefined,
    action: filters.action || undefined,
    search: search || undefined,
  };
}

function since(date: DateFilter, now: Date): Date | undefined {
  switch (date) {
    case 'today':
      return new Date(now.getFullYear(), now.getMonth(), now.getDate());
    case 'week':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'month':
      return new Date(now.getTime() - 30 * DAY_MS);
    case 'all':
      return undefined;
  }
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAYOLA_HISTORY_PAGE_SIZE));
}

/** The page numbers to show as buttons: up to five, a window that follows the current page. */
export function pageWindow(current: number, pages: number): number[] {
  const size = Math.min(MAX_PAGE_BUTTONS, pages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
