import { Link } from '@tanstack/react-router';
import { FilterX, Plus, SearchX, type LucideIcon } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { useSession } from '@/lib/session/auth-user-query';
import { browsesOnly } from '@/lib/session/roles';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { CatalogTabsList } from './catalog-tabs-list';
import { useSearchText } from './use-search-text';

/** The address state of a catalogue list page: the tab, the search text and the filters by key. */
export type CatalogSearch<Tab extends string> = { tab?: Tab; q?: string; [filter: string]: string | undefined };

/** A select that narrows the list by one field (genre, venue type, ...). */
export interface CatalogFilter<FilterKey extends string> {
  key: FilterKey;
  label: string;
  /** The option that means "no filter". */
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

interface EmptyTabText {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** What one catalogue (artists, venues) shows and where its links go. */
export interface CatalogListConfig<Tab extends string, FilterKey extends string> {
  title: string;
  intro: string;
  /** The tab list's and the filter region's accessible names ("Artist lists", "Filter artists"). */
  listsLabel: string;
  filtersLabel: string;
  searchLabel: string;
  addLabel: string;
  addPath: '/add-artist' | '/add-venue';
  listPath: '/artists' | '/venues';
  browseAllLabel: string;
  tabs: readonly Tab[];
  tabLabels: Record<Tab, string>;
  defaultTab: Tab;
  filters: readonly CatalogFilter<FilterKey>[];
  search: { debounceMs: number; minLength: number; maxLength: number };
  noMatches: { title: string; description: string };
  emptyTabs: Record<Tab, EmptyTabText>;
}

export interface CatalogListPageProps<Tab extends string, FilterKey extends string> {
  config: CatalogListConfig<Tab, FilterKey>;
  search: CatalogSearch<Tab>;
  /** Changes the tab or filters in the address (replacing the entry, so Back leaves the page). */
  onSearchChange: (change: CatalogSearch<Tab>) => void;
  counts: Record<Tab, number> | undefined;
  /** Whether a search or a filter is on (the empty state then offers to clear them). */
  filtered: boolean;
  /** The grid of one tab, with what it shows when it has no entries. */
  renderGrid: (tab: Tab, empty: ReactNode) => ReactNode;
}

/**
 * docs/product.md §2 "Artists (/artists)" and "Venues (/venues)": one page for both catalogues, the three tabs with
 * counts, the add button, search and filters with Clear, and each tab's grid with its designed empty states.
 */
export function CatalogListPage<Tab extends string, FilterKey extends string>({
  config,
  search,
  onSearchChange,
  counts,
  filtered,
  renderGrid,
}: CatalogListPageProps<Tab, FilterKey>) {
  const tab = search.tab ?? config.defaultTab;
  const onSearch = useCallback((q: string | undefined) => onSearchChange({ q }), [onSearchChange]);
  const [text, setText] = useSearchText(search.q, onSearch, {
    debounceMs: config.search.debounceMs,
    minLength: config.search.minLength,
  });

  const clear = () => {
    setText('');
    const cleared: CatalogSearch<Tab> = { q: undefined };
    for (const filter of config.filters) cleared[filter.key] = undefined;
    onSearchChange(cleared);
  };

  const canAdd = !browsesOnly(useSession().user);

  return (
    <AppPage eyebrow="Discover" title={config.title} width="max-w-6xl" intro={config.intro}>
      <Tabs
        value={tab}
        onValueChange={(value) => onSearchChange({ tab: value === config.defaultTab ? undefined : (value as Tab) })}
        className="mt-8 animate-rise [animation-delay:120ms]"
      >
        <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
          <CatalogTabsList label={config.listsLabel} tabs={config.tabs} labels={config.tabLabels} counts={counts} />
          {canAdd && (
            <Button asChild size="lg" className="self-start sm:self-auto">
              <Link to={config.addPath}>
                <Plus aria-hidden="true" />
                {config.addLabel}
              </Link>
            </Button>
          )}
        </div>

        <div role="search" aria-label={config.filtersLabel} className="mt-6">
          <div className="grid grid-cols-2 gap-4 rounded-3xl border border-border bg-surface/80 p-4 shadow-card sm:p-5 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
            <Field label={config.searchLabel} className="col-span-2 md:col-span-1">
              <SearchInput
                value={text}
                maxLength={config.search.maxLength}
                placeholder="Name, 2 letters or more"
                onChange={(event) => setText(event.target.value)}
              />
            </Field>
            {config.filters.map((filter) => (
              <Field key={filter.key} label={filter.label}>
                <Select
                  value={search[filter.key] ?? ''}
                  placeholder={filter.placeholder}
                  options={filter.options}
                  onChange={(event) => onSearchChange({ [filter.key]: event.target.value || undefined })}
                />
              </Field>
            ))}
            <Button
              variant="ghost"
              className="col-span-2 h-12 md:col-span-1 md:px-4"
              onClick={clear}
              disabled={!filtered && text.trim() === ''}
            >
              <FilterX aria-hidden="true" />
              Clear
            </Button>
          </div>
        </div>

        {config.tabs.map((value) => (
          <TabsContent key={value} value={value} className="mt-8">
            {renderGrid(
              value,
              filtered ? (
                <NoMatches text={config.noMatches} onClear={clear} />
              ) : (
                <EmptyTab config={config} tab={value} />
              ),
            )}
          </TabsContent>
        ))}
      </Tabs>
    </AppPage>
  );
}

function NoMatches({ text, onClear }: { text: { title: string; description: string }; onClear: () => void }) {
  return (
    <EmptyState icon={<SearchX aria-hidden="true" />} title={text.title} description={text.description}>
      <Button variant="outline" onClick={onClear}>
        <FilterX aria-hidden="true" />
        Clear filters
      </Button>
    </EmptyState>
  );
}

function EmptyTab<Tab extends string, FilterKey extends string>({
  config,
  tab,
}: {
  config: CatalogListConfig<Tab, FilterKey>;
  tab: Tab;
}) {
  const { icon: Icon, title, description } = config.emptyTabs[tab];
  const canAdd = !browsesOnly(useSession().user);
  return (
    <EmptyState icon={<Icon aria-hidden="true" />} title={title} description={description}>
      {tab === 'favorites' || !canAdd ? (
        <Button asChild variant="outline">
          <Link to={config.listPath}>{config.browseAllLabel}</Link>
        </Button>
      ) : (
        <Button asChild>
          <Link to={config.addPath}>
            <Plus aria-hidden="true" />
            {config.addLabel}
          </Link>
        </Button>
      )}
    </EmptyState>
  );
}
