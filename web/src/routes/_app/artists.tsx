import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { APP_NAME } from '@/lib/config';
import { artistCountsQueryOptions, artistListQueryOptions } from '@/features/artists/api/artists';
import { ArtistsPage } from '@/features/artists/components/artists-page';
import {
  DEFAULT_ARTIST_TAB,
  filtersOf,
  validateArtistsSearch,
  type ArtistsSearch,
} from '@/features/artists/lib/list-search';

export const Route = createFileRoute('/_app/artists')({
  validateSearch: validateArtistsSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? DEFAULT_ARTIST_TAB, filters: filtersOf(search) }),
  head: () => ({ meta: [{ title: `Artists · ${APP_NAME}` }] }),
  // Settled, never thrown: the grid shows a failed load in place (with Retry), and the _app guard
  // answers a visitor who is not signed in.
  loader: ({ context: { queryClient }, deps }) =>
    Promise.allSettled([
      queryClient.ensureInfiniteQueryData(artistListQueryOptions(deps.tab, deps.filters)),
      queryClient.ensureQueryData(artistCountsQueryOptions()),
    ]),
  component: ArtistsRoute,
});

function ArtistsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<ArtistsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true, resetScroll: false }),
    [navigate],
  );
  return <ArtistsPage search={search} onSearchChange={onSearchChange} />;
}
