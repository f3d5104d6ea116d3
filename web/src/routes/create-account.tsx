import { createFileRoute, redirect } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { CreateAccountPage } from '@/features/onboarding/components/create-account-page';
import { searchParams, text } from '@/lib/search-params';
import { readSelectedRole, storeSelectedRole } from '@/lib/session/local-account';

// An invitation's token: 43 URL-safe characters (the server checks it; this only keeps junk out).
const validateSearch = searchParams({ invite: text({ min: 43, max: 43 }) });

export const Route = createFileRoute('/create-account')({
  validateSearch,
  beforeLoad: ({ search }) => {
    // The waitlist's invitation link signs up a Listener, whatever role was picked before on this device.
    if (search.invite) storeSelectedRole('listener');
    else if (!readSelectedRole()) throw redirect({ to: '/role-selection', replace: true });
  },
  head: () => ({ meta: [{ title: `Create Your Account · ${APP_NAME}` }] }),
  component: CreateAccountRoute,
});

function CreateAccountRoute() {
  const { invite } = Route.useSearch();
  return <CreateAccountPage invite={invite} />;
}
