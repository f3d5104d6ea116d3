import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/favorites')({
  head: () => ({ meta: [{ title: `My Favorites · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder eyebrow="Collection" title="My Favorites" description="The artists you have hearted." />
  ),
});
