import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { amountMismatchMessage, type TAuthUser } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/components/ui/toast';
import { refetchSession, sendWithSession, useSession } from '@/lib/session/auth-user-query';
import { confirmStripePayment } from '../api/payment';
import { isIdentityApproved } from '../lib/membership-status';
import { IdentityCheckCard } from './identity-check-card';
import { PaymentMismatchPanel } from './payment-mismatch';
import { PaymentRequiredPanel } from './status-panel';
import { LoadingPanel } from '@/components/ui/status-panel';
import { LoginRequiredPanel } from '@/lib/session/login-required-panel';

export interface StripeReturn {
  paymentIntentId: string;
  clientSecret?: string;
  /** Stripe's verdict on a payment that needed a redirect (3-D Secure, say): succeeded or failed. */
  redirectStatus?: string;
}

/**
 * docs/product.md §2 "KYC launch": the return from the card payment, then step 3, the identity check. After a
 * Stripe redirect it first confirms the payment (the server waits for the webhook).
 */
export function KycLaunchPage({ stripeReturn }: { stripeReturn: StripeReturn | null }) {
  const { user, isLoading } = useSession();
  const { confirming, mismatch } = useConfirmStripeReturn(stripeReturn);

  if (isLoading || confirming) return <LoadingPanel text="Processing your payment..." />;
  if (!user) return <LoginRequiredPanel />;
  if (!user.paymentCompleted && mismatch) return <PaymentMismatchPanel message={mismatch} />;
  if (!user.paymentCompleted) return <PaymentRequiredPanel />;
  if (isIdentityApproved(user)) return <Navigate to="/verification-success" replace />;
  return <IdentityStep user={user} />;
}

/**
 * Confirms the payment Stripe returned from. `mismatch` holds the words to show when Stripe took a
 * payment of another amount or currency than due (the server's answer says so at once).
 */
function useConfirmStripeReturn(stripeReturn: StripeReturn | null): { confirming: boolean; mismatch: string | null } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmedId, setConfirmedId] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const paymentIntentId = stripeReturn?.paymentIntentId ?? null;
  const clientSecret = stripeReturn?.clientSecret;
  const redirectStatus = stripeReturn?.redirectStatus;

  useEffect(() => {
    if (!paymentIntentId) return;
    let current = true;
    void (async () => {
      let paid = false;
      let notAccepted: string | null = null;
      try {
        const result = await sendWithSession(queryClient, () =>
          confirmStripePayment({ paymentIntentId, clientSecret }),
        );
        paid = result.paymentCompleted;
        if (result.amountMismatch) notAccepted = amountMismatchMessage(result.amountMismatch);
      } catch (error) {
        // docs/product.md §7: confirmation failures are only logged; the auth check below decides what shows.
        console.error('Payment confirmation failed', error);
      }
      await refetchSession(queryClient).catch(() => null);
      if (!current) return;
      // docs/product.md §8 Payment: the same toasts as the card form shows.
      if (paid) toast({ title: 'Payment Successful', description: 'Next up: a quick identity check.' });
      else if (notAccepted) {
        toast({ title: 'Payment Needs Attention', description: notAccepted, variant: 'destructive' });
        setMismatch(notAccepted);
      } else if (redirectStatus === 'failed') {
        toast({
          title: 'Payment Failed',
          description: 'Your card was not charged. Please try again or use another card.',
          variant: 'destructive',
        });
      }
      setConfirmedId(paymentIntentId);
      // Drop Stripe's query parameters so a reload does not confirm again.
      await navigate({ to: '/kyc-launch', search: {}, replace: true });
    })();
    return () => {
      current = false;
    };
  }, [paymentIntentId, clientSecret, redirectStatus, queryClient, navigate]);

  return { confirming: paymentIntentId !== null && confirmedId !== paymentIntentId, mismatch };
}

function IdentityStep({ user }: { user: TAuthUser }) {
  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-10 sm:py-16 lg:py-20">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[30rem] w-[52rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.09] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className="mx-auto w-full max-w-2xl">
          <div className="flex flex-col items-start">
            <Badge variant="soft" size="lg" className="animate-rise">
              <CircleCheck aria-hidden="true" />
              Payment complete
            </Badge>
            <h1 className="mt-5 animate-rise text-4xl leading-[1.05] font-extrabold tracking-[-0.03em] [animation-delay:40ms] sm:text-5xl">
              {/* The spec's words for every role: early members of each role are founding members. */}
              Welcome, Founding Fan!
            </h1>
            <p className="mt-4 animate-rise text-base leading-relaxed text-muted-foreground [animation-delay:80ms] sm:text-lg">
              {user.role === 'fan'
                ? 'Your founding fan membership is paid. One last step: a quick identity check keeps the network real, with no bots and no scalpers.'
                : 'Your verification payment is complete. One last step: a quick identity check keeps the network real, with no bots and no scalpers.'}
            </p>
          </div>
          <div className="mt-8 animate-rise [animation-delay:120ms]">
            <IdentityCheckCard user={user} />
          </div>
        </div>
      </div>
    </section>
  );
}
