import { useQuery } from '@tanstack/react-query';
import { Coins, History, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppPage } from '@/components/ui/app-page';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { payolaStatsQueryOptions } from '../api/payola';
import type { PayolaTab } from '../lib/payola-tabs';
import { HowYouEarnIt } from './how-you-earn-it';
import { TransactionHistory } from './transaction-history';

/**
 * docs/product.md §2 "Payola (/payola)": balance, transaction history and the rewards table, and beside
 * them the Payola shop (issue 25), whose tab the route brings from the shop feature. Guarded by _app.
 */
export function PayolaPage({
  tab = 'history',
  onTabChange,
  shop,
}: {
  tab?: PayolaTab;
  onTabChange?: (tab: PayolaTab) => void;
  shop?: ReactNode;
}) {
  const stats = useQuery(payolaStatsQueryOptions());

  return (
    <AppPage
      eyebrow="Rewards"
      title="Your Payola"
      width="max-w-5xl"
      intro="Payola (PYL) is what you earn for keeping the network real: verifying who you are, adding and verifying artists and venues, and staying a member. Here is every Payola you have earned."
    >
      <div className="mt-8 flex flex-col gap-6">
        <Card className="animate-rise overflow-hidden [animation-delay:120ms]">
          <div className="flex items-center gap-5 p-6 sm:p-8">
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent">
              <Coins aria-hidden="true" className="size-7" />
            </span>
            <div>
              <h2 className="text-sm font-medium text-muted-foreground">Current Balance</h2>
              {stats.isPending ? (
                <Skeleton className="mt-2 h-10 w-40" />
              ) : stats.isError ? (
                <p className="mt-1 text-sm text-muted-foreground">Your balance could not be loaded.</p>
              ) : (
                <p className="mt-1 font-display text-4xl font-extrabold tracking-tight tabular-nums sm:text-5xl">
                  {stats.data.currentBalance.toLocaleString('en-US')}{' '}
                  <span className="text-xl font-bold text-accent sm:text-2xl">PYL</span>
                </p>
              )}
            </div>
          </div>
        </Card>

        <Tabs
          value={tab}
          onValueChange={(next) => onTabChange?.(next as PayolaTab)}
          className="flex animate-rise flex-col gap-6 [animation-delay:160ms]"
        >
          <TabsList aria-label="Payola" className="self-start">
            <TabsTrigger value="history">
              <History aria-hidden="true" />
              History
            </TabsTrigger>
            <TabsTrigger value="shop">
              <Store aria-hidden="true" />
              Shop
            </TabsTrigger>
          </TabsList>
          <TabsContent value="history" className="flex flex-col gap-6">
            <TransactionHistory />
            <HowYouEarnIt />
          </TabsContent>
          <TabsContent value="shop">{shop}</TabsContent>
        </Tabs>
      </div>
    </AppPage>
  );
}
