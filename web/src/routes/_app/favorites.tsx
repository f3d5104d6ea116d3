import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { FavoritesPage } from '@/lib/catalog/favorites-page';
import { artistCountsQueryOptions, artistListQueryOptions } from '@/features/artists/api/artists';
import { FavoriteArtists } from '@/features/artists/components/favorite-artists';
import { NO_FILTERS } from '@/features/artists/lib/list-search';
import { venueCountsQueryOptions, venueListQueryOptions } from '@/features/venues/api/venues';
import { FavoriteVenues } from '@/features/venues/components/favorite-venues';

export const Route = createFileRoute('/_app/favorites')({
  head: () => ({ meta: [{ title: `My Favorites · ${APP_NAME}` }] }),
  // Settled, never thrown: each section shows a failed load in place (with Retry).
  loader: ({ context: { queryClient } }) =>
    Promise.allSettled([
      queryClient.ensureInfiniteQueryData(artistListQueryOptions('favorites', NO_FILTERS)),
      queryClient.ensureQueryData(artistCountsQueryOptions()),
      queryClient.ensureInfiniteQueryData(venueListQueryOptions('favorites', {})),
      queryClient.ensureQueryData(venueCountsQueryOptions()),
    ]),
  component: FavoritesRoute,
});

function FavoritesRoute() {
  const artists = useQuery(artistCountsQueryOptions());
  const venues = useQuery(venueCountsQueryOptions());
  return (
    <FavoritesPage
      pending={artists.isPending || venues.isPending}
      sections={[
        { title: 'Artists', count: artists.data?.favorites, content: <FavoriteArtists /> },
        { title: 'Venues', count: venues.data?.favorites, content: <FavoriteVenues /> },
      ]}
    />
  );
}
