import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { LandingPage } from '@/features/landing/components/landing-page';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: `${APP_NAME} · Claim Your Place in the Movement` }] }),
  component: LandingPage,
});
