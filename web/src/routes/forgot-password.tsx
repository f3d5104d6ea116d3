import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: `Forgot Password · ${APP_NAME}` }] }),
  component: ForgotPasswordPage,
});
