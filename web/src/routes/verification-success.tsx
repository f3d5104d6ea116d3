import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { VerificationSuccessPage } from '@/features/membership/components/verification-success-page';

export const Route = createFileRoute('/verification-success')({
  head: () => ({ meta: [{ title: `Verification Complete! · ${APP_NAME}` }] }),
  component: VerificationSuccessPage,
});
