import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { APP_NAME } from '@/lib/config';
import { venueCountsQueryOptions, venueListQueryOptions } from '@/features/venues/api/venues';
import { VenuesPage } from '@/features/venues/components/venues-page';
import {
  DEFAULT_VENUE_TAB,
  filtersOf,
  validateVenuesSearch,
  type VenuesSearch,
} from '@/features/venues/lib/list-search';

export const Route = createFileRoute('/_app/venues')({
  validateSearch: validateVenuesSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? DEFAULT_VENUE_TAB, filters: filtersOf(search) }),
  head: () => ({ meta: [{ title: `Venues · ${APP_NAME}` }] }),
  // Settled, never thrown: the grid shows a failed load in place (with Retry).
  loader: ({ context: { queryClient }, deps }) =>
    Promise.allSettled([
      queryClient.ensureInfiniteQueryData(venueListQueryOptions(deps.tab, deps.filters)),
      queryClient.ensureQueryData(venueCountsQueryOptions()),
    ]),
  component: VenuesRoute,
});

function VenuesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<VenuesSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true, resetScroll: false }),
    [navigate],
  );
  return <VenuesPage search={search} onSearchChange={onSearchChange} />;
}
