import { createFileRoute, Navigate } from '@tanstack/react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { APP_NAME } from '@/lib/config';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useSession } from '@/lib/session/auth-user-query';
import { homePathFor } from '@/lib/session/home-path';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: `${APP_NAME} · Claim Your Place in the Movement` }] }),
  component: HomeRoute,
});

/** docs/product.md §2: a spinner while loading, the landing page when signed out, else the account's home. */
function HomeRoute() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <LandingPage />;
  return <Navigate to={homePathFor(user)} replace />;
}
