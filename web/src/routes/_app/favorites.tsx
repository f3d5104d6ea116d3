import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { artistCountsQueryOptions, artistListQueryOptions } from '@/features/artists/api/artists';
import { FavoritesPage } from '@/features/artists/components/favorites-page';
import { NO_FILTERS } from '@/features/artists/lib/list-search';

export const Route = createFileRoute('/_app/favorites')({
  head: () => ({ meta: [{ title: `My Favorites · ${APP_NAME}` }] }),
  loader: ({ context: { queryClient } }) =>
    Promise.allSettled([
      queryClient.ensureInfiniteQueryData(artistListQueryOptions('favorites', NO_FILTERS)),
      queryClient.ensureQueryData(artistCountsQueryOptions()),
    ]),
  component: FavoritesPage,
});
