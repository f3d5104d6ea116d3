import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { ProfilePage } from '@/features/membership/components/profile-page';

export const Route = createFileRoute('/_app/profile')({
  head: () => ({ meta: [{ title: `My Profile · ${APP_NAME}` }] }),
  component: ProfilePage,
});
