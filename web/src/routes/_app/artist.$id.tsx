import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { artistQueryOptions } from '@/features/artists/api/artists';
import { ArtistProfilePage } from '@/features/artists/components/artist-profile-page';
import { EntryOffers } from '@/features/shop/components/entry-offers';

export const Route = createFileRoute('/_app/artist/$id')({
  // A missing artist (404) or a failed load is shown by the page itself, with a way back.
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(artistQueryOptions(params.id)).catch(() => null),
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Artist Profile'} · ${APP_NAME}` }] }),
  component: ArtistProfileRoute,
});

function ArtistProfileRoute() {
  const { id } = Route.useParams();
  return (
    <ArtistProfilePage
      id={id}
      offers={(entry) => <EntryOffers kind="artist" entryId={entry.id} entryName={entry.name} />}
    />
  );
}
