import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/profile')({
  head: () => ({ meta: [{ title: `My Profile · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder eyebrow="Account" title="My Profile" description="Your details, settings and membership." />
  ),
});
