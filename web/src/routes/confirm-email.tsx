import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { searchParams, text } from '@/lib/search-params';
import { ConfirmEmailPage } from '@/features/auth/components/confirm-email-page';

const validateSearch = searchParams({ token: text() });

export const Route = createFileRoute('/confirm-email')({
  validateSearch,
  head: () => ({ meta: [{ title: `Confirm Email · ${APP_NAME}` }] }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token} />;
}
