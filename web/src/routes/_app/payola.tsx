import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/config';
import { PayolaPage } from '@/features/payola/components/payola-page';

export const Route = createFileRoute('/_app/payola')({
  head: () => ({ meta: [{ title: `Your Payola · ${APP_NAME}` }] }),
  component: PayolaPage,
});
