import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/verification-success')({
  head: () => ({ meta: [{ title: `Verification Complete! · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder
      eyebrow="Step 4 of 4"
      title="Verification Complete!"
      description="Welcome to the movement. Your verified profile is ready."
    />
  ),
});
