import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { payolaHistoryQueryOptions, payolaStatsQueryOptions } from '@/features/payola/api/payola';
import { PayolaPage } from '@/features/payola/components/payola-page';
import { NO_FILTERS } from '@/features/payola/lib/history-filters';

export const Route = createFileRoute('/_app/payola')({
  head: () => ({ meta: [{ title: `Your Payola · ${APP_NAME}` }] }),
  // Settled, never thrown: the page shows a failed load in place, and the _app guard answers a
  // visitor who is not signed in (whose requests here are refused).
  loader: ({ context: { queryClient } }) =>
    Promise.allSettled([
      queryClient.ensureQueryData(payolaStatsQueryOptions()),
      queryClient.ensureQueryData(payolaHistoryQueryOptions(NO_FILTERS, 1)),
    ]),
  component: PayolaPage,
});
