import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/artist/$id')({
  head: () => ({ meta: [{ title: `Artist Profile · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder eyebrow="Artist" title="Artist Profile" description="Everything about this artist." />
  ),
});
