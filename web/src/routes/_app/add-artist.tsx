import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/add-artist')({
  head: () => ({ meta: [{ title: `Add an Amazing Artist! · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder
      eyebrow="Add"
      title="Add an Amazing Artist!"
      description="Put an artist you love on the map and earn Payola."
    />
  ),
});
