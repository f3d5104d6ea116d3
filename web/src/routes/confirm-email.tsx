import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { APP_NAME } from '@/lib/config';
import { ConfirmEmailPage } from '@/features/auth/components/confirm-email-page';

const searchSchema = z.object({ token: z.string().min(1).optional().catch(undefined) });

export const Route = createFileRoute('/confirm-email')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: `Confirm Email · ${APP_NAME}` }] }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token} />;
}
