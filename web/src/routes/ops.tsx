import { createFileRoute, notFound } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { isApiError } from '@/lib/api-client';
import { opsSessionQueryOptions } from '@/features/ops/api/ops';
import { OpsPage } from '@/features/ops/components/ops-page';

/**
 * The operators' console. Anyone the api does not know as an operator (404 from /api/ops/session,
 * signed out included) sees the app's ordinary 404 page: the console does not announce itself.
 */
export const Route = createFileRoute('/ops')({
  head: () => ({ meta: [{ title: `Console · ${APP_NAME}` }] }),
  loader: async ({ context: { queryClient } }) => {
    try {
      await queryClient.ensureQueryData(opsSessionQueryOptions());
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 401)) throw notFound();
      throw error;
    }
  },
  component: OpsPage,
});
