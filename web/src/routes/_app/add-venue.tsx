import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/add-venue')({
  head: () => ({ meta: [{ title: `Add a Music Venue · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder eyebrow="Add" title="Add a Music Venue" description="Share a venue you love with the community." />
  ),
});
