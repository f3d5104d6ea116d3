import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/_app/payola')({
  head: () => ({ meta: [{ title: `Your Payola · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder
      eyebrow="Rewards"
      title="Your Payola"
      description="Every Payola you earn, and how you earned it."
    />
  ),
});
