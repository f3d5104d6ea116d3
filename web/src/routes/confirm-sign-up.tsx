import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { searchParams, text } from '@/lib/search-params';
import { ConfirmSignUpPage } from '@/features/onboarding/components/confirm-sign-up-page';

const validateSearch = searchParams({ token: text({ max: 200 }) });

export const Route = createFileRoute('/confirm-sign-up')({
  validateSearch,
  head: () => ({ meta: [{ title: `Confirm Your Email · ${APP_NAME}` }] }),
  component: ConfirmSignUpRoute,
});

function ConfirmSignUpRoute() {
  const { token } = Route.useSearch();
  return <ConfirmSignUpPage token={token} />;
}
