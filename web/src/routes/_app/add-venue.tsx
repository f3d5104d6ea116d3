import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { venueRewardPreviewQueryOptions } from '@/features/venues/api/venues';
import { AddVenuePage } from '@/features/venues/components/add-venue-page';

export const Route = createFileRoute('/_app/add-venue')({
  head: () => ({ meta: [{ title: `Add a Music Venue · ${APP_NAME}` }] }),
  // The submit button's reward; the form works (without it) if it could not be loaded.
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(venueRewardPreviewQueryOptions()).catch(() => null),
  component: AddVenuePage,
});
