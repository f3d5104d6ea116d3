import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { APP_NAME } from '@/lib/config';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

const searchSchema = z.object({ token: z.string().min(1).optional().catch(undefined) });

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: `Reset Password · ${APP_NAME}` }] }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
