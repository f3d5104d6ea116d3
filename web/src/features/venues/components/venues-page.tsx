import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2, FilterX, Heart, MapPinPlus, Plus, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { VENUE_AGE_FILTERS, VENUE_TYPES } from '@app/domain';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { CatalogTabsList } from '@/lib/catalog/catalog-tabs-list';
import { useSearchText } from '@/lib/catalog/use-search-text';
import { venueCountsQueryOptions } from '../api/venues';
import {
  DEFAULT_VENUE_TAB,
  filtersOf,
  hasFilters,
  MAX_SEARCH_LENGTH,
  MIN_SEARCH_LENGTH,
  SEARCH_DEBOUNCE_MS,
  VENUE_TAB_LABELS,
  VENUE_TABS,
  type VenuesSearch,
  type VenueTab,
} from '../lib/list-search';
import { VenueGrid } from './venue-grid';

const TYPE_OPTIONS = VENUE_TYPES.map((type) => ({ value: type, label: type }));
const AGE_OPTIONS = VENUE_AGE_FILTERS.map((age) => ({ value: age, label: age }));

export interface VenuesPageProps {
  search: VenuesSearch;
  onSearchChange: (change: Partial<VenuesSearch>) => void;
}

/** Spec §2 "Venues (/venues)": My Venues, All Venues and Favorites with counts, search and filters. */
export function VenuesPage({ search, onSearchChange }: VenuesPageProps) {
  const tab = search.tab ?? DEFAULT_VENUE_TAB;
  const filters = filtersOf(search);
  const filtered = hasFilters(filters);
  const counts = useQuery(venueCountsQueryOptions());
  const onSearch = useCallback((q: string | undefined) => onSearchChange({ q }), [onSearchChange]);
  const [text, setText] = useSearchText(search.q, onSearch, {
    debounceMs: SEARCH_DEBOUNCE_MS,
    minLength: MIN_SEARCH_LENGTH,
  });

  const clear = () => {
    setText('');
    onSearchChange({ q: undefined, type: undefined, age: undefined });
  };

  return (
    <AppPage
      eyebrow="Discover"
      title="Venues"
      width="max-w-6xl"
      intro="The rooms and stages where the music happens, put on the map by fans. Vote for your favorite places to see a show."
    >
      <Tabs
        value={tab}
        onValueChange={(value) =>
          onSearchChange({ tab: value === DEFAULT_VENUE_TAB ? undefined : (value as VenueTab) })
        }
        className="mt-8 animate-rise [animation-delay:120ms]"
      >
        <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
          <CatalogTabsList label="Venue lists" tabs={VENUE_TABS} labels={VENUE_TAB_LABELS} counts={counts.data} />
          <Button asChild size="lg" className="self-start sm:self-auto">
            <Link to="/add-venue">
              <Plus aria-hidden="true" />
              Add Venue
            </Link>
          </Button>
        </div>

        <div role="search" aria-label="Filter venues" className="mt-6">
          <div className="grid grid-cols-2 gap-4 rounded-3xl border border-border bg-surface/80 p-4 shadow-card sm:p-5 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
            <Field label="Search venues" className="col-span-2 md:col-span-1">
              <SearchInput
                value={text}
                maxLength={MAX_SEARCH_LENGTH}
                placeholder="Name, 2 letters or more"
                onChange={(event) => setText(event.target.value)}
              />
            </Field>
            <Field label="Venue type">
              <Select
                value={search.type ?? ''}
                placeholder="All types"
                options={TYPE_OPTIONS}
                onChange={(event) =>
                  onSearchChange({ type: (event.target.value || undefined) as VenuesSearch['type'] })
                }
              />
            </Field>
            <Field label="Age restriction">
              <Select
                value={search.age ?? ''}
                placeholder="Any age"
                options={AGE_OPTIONS}
                onChange={(event) => onSearchChange({ age: (event.target.value || undefined) as VenuesSearch['age'] })}
              />
            </Field>
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

        {VENUE_TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-8">
            <VenueGrid
              tab={value}
              filters={filters}
              label={VENUE_TAB_LABELS[value]}
              empty={filtered ? <NoMatches onClear={clear} /> : <EmptyTab tab={value} />}
            />
          </TabsContent>
        ))}
      </Tabs>
    </AppPage>
  );
}

function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" />}
      title="No venues match your filters"
      description="Try another name, type or age restriction, or clear the filters to see every venue in this list."
    >
      <Button variant="outline" onClick={onClear}>
        <FilterX aria-hidden="true" />
        Clear filters
      </Button>
    </EmptyState>
  );
}

const EMPTY_TABS = {
  my: {
    icon: MapPinPlus,
    title: "You haven't added any venues yet",
    description: 'Venues you add or confirm show up here. Put a venue you love on the map and earn Payola.',
  },
  all: {
    icon: Building2,
    title: 'No venues yet',
    description: 'Be the first fan to add a venue to the map.',
  },
  favorites: {
    icon: Heart,
    title: 'No favorite venues yet',
    description: 'Click the heart on a venue to keep it here.',
  },
} as const;

function EmptyTab({ tab }: { tab: VenueTab }) {
  const { icon: Icon, title, description } = EMPTY_TABS[tab];
  return (
    <EmptyState icon={<Icon aria-hidden="true" />} title={title} description={description}>
      {tab === 'favorites' ? (
        <Button asChild variant="outline">
          <Link to="/venues">Browse All Venues</Link>
        </Button>
      ) : (
        <Button asChild>
          <Link to="/add-venue">
            <Plus aria-hidden="true" />
            Add Venue
          </Link>
        </Button>
      )}
    </EmptyState>
  );
}
