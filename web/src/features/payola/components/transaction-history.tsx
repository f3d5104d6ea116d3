import { useQuery } from '@tanstack/react-query';
import { FilterX, Receipt, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PAYOLA_HISTORY_PAGE_SIZE, type TPayolaHistoryEntry } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { payolaHistoryQueryOptions } from '../api/payola';
import {
  hasActiveFilters,
  MAX_SEARCH_LENGTH,
  NO_FILTERS,
  pageCount,
  type DateFilter,
  type HistoryFilters,
} from '../lib/history-filters';
import { ACTION_OPTIONS, CATEGORY_OPTIONS, categoryLabel, longUsDate, signedPyl } from '../lib/labels';
import { HistoryPagination } from './history-pagination';

const DATE_OPTIONS: { value: DateFilter; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Past 7 days' },
  { value: 'month', label: 'Past 30 days' },
];

/** The search goes to the server once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

/** docs/product.md §2 "Payola": the Transaction History card (filters, search, table, pagination), a page at a time. */
export function TransactionHistory() {
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [searchText, setSearchText] = useState(NO_FILTERS.search);
  const [page, setPage] = useState(1);
  const history = useQuery(payolaHistoryQueryOptions(filters, page));
  const shown = history.data;
  const pages = pageCount(shown?.total ?? 0);

  // Any change of a filter goes back to page 1.
  const update = (change: Partial<HistoryFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const clear = () => {
    update(NO_FILTERS);
    setSearchText(NO_FILTERS.search);
  };

  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => {
      setFilters((current) => ({ ...current, search: searchText }));
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search]);

  // A refetch can find fewer entries than before: move to the last page there still is.
  if (shown && !history.isPlaceholderData && page > pages) setPage(pages);

  const first = shown ? (shown.page - 1) * PAYOLA_HISTORY_PAGE_SIZE : 0;

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-5 p-6 sm:p-7">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-display text-xl font-semibold tracking-tight">Transaction History</h2>
          {hasActiveFilters({ ...filters, search: searchText }) && (
            <Button variant="ghost" size="sm" onClick={clear}>
              <FilterX aria-hidden="true" />
              Clear filters
            </Button>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Date">
            <Select
              value={filters.date}
              onChange={(event) => update({ date: event.target.value as DateFilter })}
              options={DATE_OPTIONS}
            />
          </Field>
          <Field label="Category">
            <Select
              value={filters.category}
              onChange={(event) => update({ category: event.target.value })}
              placeholder="All categories"
              options={CATEGORY_OPTIONS}
            />
          </Field>
          <Field label="Action">
            <Select
              value={filters.action}
              onChange={(event) => update({ action: event.target.value })}
              placeholder="All actions"
              options={ACTION_OPTIONS}
            />
          </Field>
          <Field label="Search">
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-subtle-foreground"
              />
              <Input
                type="search"
                className="pl-10"
                placeholder="Search transactions"
                maxLength={MAX_SEARCH_LENGTH}
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </Field>
        </div>
      </div>

      {history.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-6 pb-8 text-center">
          <p className="text-sm text-muted-foreground">Your transactions could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !shown ? (
        <div aria-busy="true" aria-label="Loading transactions" className="flex flex-col gap-3 px-6 pb-7 sm:px-7">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : shown.entries.length === 0 ? (
        <div className="flex flex-col items-center gap-3 border-t border-border px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-surface-overlay text-muted-foreground">
            <Receipt aria-hidden="true" className="size-6" />
          </span>
          <p className="max-w-sm text-sm text-muted-foreground">
            {shown.filtered
              ? 'No transactions match your filters.'
              : 'No transactions yet. Start earning Payola by adding artists and engaging with the community!'}
          </p>
        </div>
      ) : (
        <div
          aria-busy={history.isPlaceholderData || undefined}
          className={cn('transition-opacity duration-200', history.isPlaceholderData && 'opacity-60')}
        >
          <HistoryTable entries={shown.entries} />
          <div className="flex flex-col items-center gap-3 border-t border-border px-6 py-4 sm:flex-row sm:justify-between sm:px-7">
            <p className="text-sm text-muted-foreground tabular-nums">
              Showing {first + 1}–{first + shown.entries.length} of {shown.total}
            </p>
            <HistoryPagination page={Math.min(page, pages)} pages={pages} onPage={setPage} />
          </div>
        </div>
      )}
    </Card>
  );
}

function Amount({ amount }: { amount: number }) {
  return (
    <span
      className={cn(
        'font-semibold tabular-nums',
        amount > 0 ? 'text-accent' : amount < 0 ? 'text-destructive-text' : 'text-muted-foreground',
      )}
    >
      {signedPyl(amount)}
    </span>
  );
}

/** A table from tablet width up; on a phone the same rows as a list, so nothing scrolls sideways. */
function HistoryTable({ entries }: { entries: readonly TPayolaHistoryEntry[] }) {
  return (
    <>
      <table className="hidden w-full border-t border-border text-left text-sm md:table">
        <caption className="sr-only">Payola transactions, newest first</caption>
        <thead className="bg-surface-raised text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-7 py-3 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Activity
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Category
            </th>
            <th scope="col" className="px-3 py-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-7 py-3 text-right font-medium">
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.id} className="transition-colors hover:bg-surface-raised/60">
              <td className="px-7 py-3.5 whitespace-nowrap text-muted-foreground">{longUsDate(entry.createdAt)}</td>
              <td className="px-3 py-3.5">
                <span className="block font-medium">{entry.action}</span>
                <span className="block text-muted-foreground">{entry.description}</span>
              </td>
              <td className="px-3 py-3.5 text-muted-foreground">{categoryLabel(entry.category)}</td>
              <td className="px-3 py-3.5 text-right">
                <Amount amount={entry.amount} />
              </td>
              <td className="px-7 py-3.5 text-right tabular-nums">{entry.balance.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul
        aria-label="Payola transactions, newest first"
        className="divide-y divide-border border-t border-border md:hidden"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-start justify-between gap-4 px-6 py-4">
            <div className="min-w-0">
              <p className="font-medium">{entry.action}</p>
              <p className="text-sm text-muted-foreground">{entry.description}</p>
              <p className="mt-1 text-xs text-subtle-foreground">
                {longUsDate(entry.createdAt)} · {categoryLabel(entry.category)}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <Amount amount={entry.amount} />
              <p className="text-xs text-subtle-foreground tabular-nums">
                Balance {entry.balance.toLocaleString('en-US')}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
