import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FilterX, Heart, Plus, SearchX, Sparkles, UserRoundPlus } from 'lucide-react';
import { useCallback } from 'react';
import { ARTIST_GENRES, ARTIST_TYPES } from '@app/domain';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { CatalogTabsList } from '@/lib/catalog/catalog-tabs-list';
import { useSearchText } from '@/lib/catalog/use-search-text';
import { artistCountsQueryOptions } from '../api/artists';
import {
  ARTIST_TAB_LABELS,
  ARTIST_TABS,
  DEFAULT_ARTIST_TAB,
  filtersOf,
  hasFilters,
  MAX_SEARCH_LENGTH,
  MIN_SEARCH_LENGTH,
  type ArtistsSearch,
  type ArtistTab,
} from '../lib/list-search';
import { ArtistGrid } from './artist-grid';

/** Spec §9: the artist search asks the server once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

const GENRE_OPTIONS = ARTIST_GENRES.map((genre) => ({ value: genre, label: genre }));
const TYPE_OPTIONS = ARTIST_TYPES.map((type) => ({ value: type, label: type }));

export interface ArtistsPageProps {
  search: ArtistsSearch;
  /** Changes the tab or filters in the address (replacing the entry, so Back leaves the page). */
  onSearchChange: (change: Partial<ArtistsSearch>) => void;
}

/** Spec §2 "Artists (/artists)": the three tabs with counts, search and filters, and the artist grid. */
export function ArtistsPage({ search, onSearchChange }: ArtistsPageProps) {
  const tab = search.tab ?? DEFAULT_ARTIST_TAB;
  const filters = filtersOf(search);
  const filtered = hasFilters(filters);
  const counts = useQuery(artistCountsQueryOptions());
  const onSearch = useCallback((q: string | undefined) => onSearchChange({ q }), [onSearchChange]);
  const [text, setText] = useSearchText(search.q, onSearch, {
    debounceMs: SEARCH_DEBOUNCE_MS,
    minLength: MIN_SEARCH_LENGTH,
  });

  const clear = () => {
    setText('');
    onSearchChange({ q: undefined, genre: undefined, type: undefined });
  };

  return (
    <AppPage
      eyebrow="Discover"
      title="Artists"
      width="max-w-6xl"
      intro="Verified artists added by fans like you. Vote for the ones you love and keep your favorites close."
    >
      <Tabs
        value={tab}
        onValueChange={(value) =>
          onSearchChange({ tab: value === DEFAULT_ARTIST_TAB ? undefined : (value as ArtistTab) })
        }
        className="mt-8 animate-rise [animation-delay:120ms]"
      >
        <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
          <CatalogTabsList label="Artist lists" tabs={ARTIST_TABS} labels={ARTIST_TAB_LABELS} counts={counts.data} />
          <Button asChild size="lg" className="self-start sm:self-auto">
            <Link to="/add-artist">
              <Plus aria-hidden="true" />
              Add Artist
            </Link>
          </Button>
        </div>

        <div role="search" aria-label="Filter artists" className="mt-6">
          <div className="grid grid-cols-2 gap-4 rounded-3xl border border-border bg-surface/80 p-4 shadow-card sm:p-5 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
            <Field label="Search artists" className="col-span-2 md:col-span-1">
              <SearchInput
                value={text}
                maxLength={MAX_SEARCH_LENGTH}
                placeholder="Name, 2 letters or more"
                onChange={(event) => setText(event.target.value)}
              />
            </Field>
            <Field label="Genre">
              <Select
                value={search.genre ?? ''}
                placeholder="All genres"
                options={GENRE_OPTIONS}
                onChange={(event) =>
                  onSearchChange({ genre: (event.target.value || undefined) as ArtistsSearch['genre'] })
                }
              />
            </Field>
            <Field label="Type">
              <Select
                value={search.type ?? ''}
                placeholder="All types"
                options={TYPE_OPTIONS}
                onChange={(event) =>
                  onSearchChange({ type: (event.target.value || undefined) as ArtistsSearch['type'] })
                }
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

        {ARTIST_TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-8">
            <ArtistGrid
              tab={value}
              filters={filters}
              label={ARTIST_TAB_LABELS[value]}
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
      title="No artists match your filters"
      description="Try another name, genre or type, or clear the filters to see every artist in this list."
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
    icon: UserRoundPlus,
    title: "You haven't added any artists yet",
    description: 'Artists you add or verify show up here. Put an artist you love on the map and earn Payola.',
  },
  all: {
    icon: Sparkles,
    title: 'No artists yet',
    description: 'Be the first fan to add an artist and become their Founding Fan.',
  },
  favorites: {
    icon: Heart,
    title: 'No favorites yet',
    description: 'Click the heart on an artist to keep them here.',
  },
} as const;

function EmptyTab({ tab }: { tab: ArtistTab }) {
  const { icon: Icon, title, description } = EMPTY_TABS[tab];
  return (
    <EmptyState icon={<Icon aria-hidden="true" />} title={title} description={description}>
      {tab === 'favorites' ? (
        <Button asChild variant="outline">
          <Link to="/artists">Browse All Artists</Link>
        </Button>
      ) : (
        <Button asChild>
          <Link to="/add-artist">
            <Plus aria-hidden="true" />
            Add Artist
          </Link>
        </Button>
      )}
    </EmptyState>
  );
}
