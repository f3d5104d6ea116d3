import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { venueQueryOptions } from '@/features/venues/api/venues';
import { VenueProfilePage } from '@/features/venues/components/venue-profile-page';
import { EntryOffers } from '@/features/shop/components/entry-offers';

export const Route = createFileRoute('/_app/venue/$id')({
  // A missing venue (404) or a failed load is shown by the page itself, with a way back.
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(venueQueryOptions(params.id)).catch(() => null),
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Venue Profile'} · ${APP_NAME}` }] }),
  component: VenueProfileRoute,
});

function VenueProfileRoute() {
  const { id } = Route.useParams();
  return (
    <VenueProfilePage
      id={id}
      offers={(entry) => <EntryOffers kind="venue" entryId={entry.id} entryName={entry.name} />}
    />
  );
}
