import { createFileRoute, redirect } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { CreateAccountPage } from '@/features/onboarding/components/create-account-page';
import { readSelectedRole } from '@/lib/session/local-account';

export const Route = createFileRoute('/create-account')({
  beforeLoad: () => {
    if (!readSelectedRole()) throw redirect({ to: '/role-selection', replace: true });
  },
  head: () => ({ meta: [{ title: `Create Your Account · ${APP_NAME}` }] }),
  component: CreateAccountPage,
});
