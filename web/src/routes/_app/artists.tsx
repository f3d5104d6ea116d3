import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/artists')({
  head: () => ({ meta: [{ title: `Artists · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder eyebrow="Discover" title="Artists" description="Verified artists added by fans like you." />
  ),
});
