import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { VerificationPage } from '@/features/membership/components/verification-page';

export const Route = createFileRoute('/verification')({
  head: () => ({ meta: [{ title: `Verification & Membership · ${APP_NAME}` }] }),
  component: VerificationPage,
});
