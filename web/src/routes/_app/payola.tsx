import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { oneOf, searchParams } from '@/lib/search-params';
import { payolaHistoryQueryOptions, payolaStatsQueryOptions } from '@/features/payola/api/payola';
import { PayolaPage } from '@/features/payola/components/payola-page';
import { PAYOLA_TABS } from '@/features/payola/lib/payola-tabs';
import { NO_FILTERS } from '@/features/payola/lib/history-filters';
import { shopStatusQueryOptions } from '@/features/shop/api/shop';
import { ShopTab } from '@/features/shop/components/shop-tab';

export const Route = createFileRoute('/_app/payola')({
  validateSearch: searchParams({ tab: oneOf(PAYOLA_TABS) }),
  head: () => ({ meta: [{ title: `Your Payola · ${APP_NAME}` }] }),
  // Settled, never thrown: the page shows a failed load in place, and the _app guard answers a
  // visitor who is not signed in (whose requests here are refused).
  loader: ({ context: { queryClient } }) =>
    Promise.allSettled([
      queryClient.ensureQueryData(payolaStatsQueryOptions()),
      queryClient.ensureQueryData(payolaHistoryQueryOptions(NO_FILTERS, 1)),
      queryClient.ensureQueryData(shopStatusQueryOptions()),
    ]),
  component: PayolaRoute,
});

function PayolaRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PayolaPage
      tab={tab ?? 'history'}
      onTabChange={(next) => void navigate({ search: { tab: next === 'history' ? undefined : next }, replace: true })}
      shop={<ShopTab />}
    />
  );
}
