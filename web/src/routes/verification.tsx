import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/verification')({
  head: () => ({ meta: [{ title: `Verification & Membership · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder
      eyebrow="Step 2 of 4"
      title="Verification & Membership"
      description="Complete your one-time verification payment to unlock your membership."
    />
  ),
});
