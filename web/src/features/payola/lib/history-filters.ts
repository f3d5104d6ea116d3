import type { TPayolaHistoryEntry } from '@app/contracts';

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
/** Spec §9 Display: Payola history page size 10; up to 5 page buttons in a sliding window. */
export const HISTORY_PAGE_SIZE = 10;
export const MAX_PAGE_BUTTONS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

export function hasActiveFilters(filters: HistoryFilters): boolean {
  return filters.date !== 'all' || filters.category !== '' || filters.action !== '' || filters.search.trim() !== '';
}

/**
 * Spec §4/§6 Payola history filters: today = same calendar day; week = within the last 7 days;
 * month = within the last 30 days; search matches description, action or category, ignoring case.
 */
export function filterHistory(
  entries: readonly TPayolaHistoryEntry[],
  filters: HistoryFilters,
  now: Date = new Date(),
): TPayolaHistoryEntry[] {
  const search = filters.search.trim().toLowerCase();
  return entries.filter((entry) => {
    const at = new Date(entry.createdAt);
    if (filters.date === 'today' && at.toDateString() !== now.toDateString()) return false;
    if (filters.date === 'week' && now.getTime() - at.getTime() > 7 * DAY_MS) return false;
    if (filters.date === 'month' && now.getTime() - at.getTime() > 30 * DAY_MS) return false;
    if (filters.category && entry.category !== filters.category) return false;
    if (filters.action && entry.action !== filters.action) return false;
    if (search && ![entry.description, entry.action, entry.category].some((t) => t.toLowerCase().includes(search)))
      return false;
    return true;
  });
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
}

/** The page numbers to show as buttons: up to five, a window that follows the current page. */
export function pageWindow(current: number, pages: number): number[] {
  const size = Math.min(MAX_PAGE_BUTTONS, pages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
