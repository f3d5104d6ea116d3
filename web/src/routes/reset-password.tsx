import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { searchParams, text } from '@/lib/search-params';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

const validateSearch = searchParams({ token: text() });

export const Route = createFileRoute('/reset-password')({
  validateSearch,
  head: () => ({ meta: [{ title: `Reset Password · ${APP_NAME}` }] }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
