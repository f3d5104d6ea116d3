import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { CheckCodePage } from '@/features/shop/components/check-code-page';

export const Route = createFileRoute('/_app/shop/check')({
  head: () => ({ meta: [{ title: `Check a code · ${APP_NAME}` }] }),
  component: CheckCodePage,
});
