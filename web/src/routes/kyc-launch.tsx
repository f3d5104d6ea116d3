import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { KycLaunchPage } from '@/features/membership/components/kyc-launch-page';

interface KycLaunchSearch {
  /** Set by Stripe when it returns here after confirming a payment. */
  payment_intent?: string;
  payment_intent_client_secret?: string;
  redirect_status?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const Route = createFileRoute('/kyc-launch')({
  validateSearch: (search: Record<string, unknown>): KycLaunchSearch => ({
    payment_intent: text(search.payment_intent),
    payment_intent_client_secret: text(search.payment_intent_client_secret),
    redirect_status: text(search.redirect_status),
  }),
  head: () => ({ meta: [{ title: `Identity Verification · ${APP_NAME}` }] }),
  component: KycLaunchRoute,
});

function KycLaunchRoute() {
  const {
    payment_intent: paymentIntentId,
    payment_intent_client_secret: clientSecret,
    redirect_status: redirectStatus,
  } = Route.useSearch();
  return <KycLaunchPage stripeReturn={paymentIntentId ? { paymentIntentId, clientSecret, redirectStatus } : null} />;
}
