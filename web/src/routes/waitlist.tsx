import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { WaitlistPage } from '@/features/waitlist/components/waitlist-page';

export const Route = createFileRoute('/waitlist')({
  head: () => ({ meta: [{ title: `Join the Listener Waitlist · ${APP_NAME}` }] }),
  component: WaitlistPage,
});
