import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { OpsShell } from '@/features/ops/components/ops-shell';
import { EntryOffers } from '@/features/shop/components/entry-offers';

/**
 * The console's Offers screen: operators' platform-wide in-app rewards, created and withdrawn with the
 * shop's own section (the route composes the two features, which never import each other).
 */
export const Route = createFileRoute('/ops/offers')({
  head: () => ({ meta: [{ title: `Offers · Console · ${APP_NAME}` }] }),
  component: OpsOffers,
});

function OpsOffers() {
  return (
    <OpsShell title="Platform offers">
      <p className="max-w-2xl text-muted-foreground">
        In-app rewards any fan can redeem with Payola, offered by the platform rather than an artist or venue.
      </p>
      <EntryOffers kind="platform" entryName="Payola" />
    </OpsShell>
  );
}
