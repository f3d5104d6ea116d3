import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { venueQueryOptions } from '@/features/venues/api/venues';
import { VenueProfilePage } from '@/features/venues/components/venue-profile-page';

export const Route = createFileRoute('/_app/venue/$id')({
  // A missing venue (404) or a failed load is shown by the page itself, with a way back.
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(venueQueryOptions(params.id)).catch(() => null),
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.name ?? 'Venue Profile'} · ${APP_NAME}` }] }),
  component: VenueProfileRoute,
});

function VenueProfileRoute() {
  const { id } = Route.useParams();
  return <VenueProfilePage id={id} />;
}
