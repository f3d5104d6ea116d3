import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/venues')({
  head: () => ({ meta: [{ title: `Venues · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder eyebrow="Discover" title="Venues" description="The rooms and stages where the music happens." />
  ),
});
