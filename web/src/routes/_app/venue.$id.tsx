import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/venue/$id')({
  head: () => ({ meta: [{ title: `Venue Profile · ${APP_NAME}` }] }),
  component: () => <PagePlaceholder eyebrow="Venue" title="Venue Profile" description="Everything about this venue." />,
});
