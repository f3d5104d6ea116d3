import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { PagePlaceholder } from '@/features/shell/components/page-placeholder';

export const Route = createFileRoute('/kyc-launch')({
  head: () => ({ meta: [{ title: `Identity Verification · ${APP_NAME}` }] }),
  component: () => (
    <PagePlaceholder
      eyebrow="Step 3 of 4"
      title="Identity Verification"
      description="A quick identity check keeps the network real: no bots, no scalpers."
    />
  ),
});
