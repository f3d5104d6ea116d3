import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { artistRewardPreviewQueryOptions } from '@/features/artists/api/artists';
import { AddArtistPage } from '@/features/artists/components/add-artist-page';

export const Route = createFileRoute('/_app/add-artist')({
  head: () => ({ meta: [{ title: `Add an Amazing Artist! · ${APP_NAME}` }] }),
  // The reward summary's numbers; the form works (without them) if they could not be loaded.
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(artistRewardPreviewQueryOptions()).catch(() => null),
  component: AddArtistPage,
});
