import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { ContactPage } from '@/features/contact/components/contact-page';

export const Route = createFileRoute('/contact')({
  head: () => ({ meta: [{ title: `Contact Us · ${APP_NAME}` }] }),
  component: ContactPage,
});
