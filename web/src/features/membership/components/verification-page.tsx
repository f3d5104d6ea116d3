import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { CircleAlert, RotateCcw, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import type { TAuthUser } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { LoadingPanel } from '@/components/ui/status-panel';
import { Steps } from '@/components/ui/steps';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { refetchSession, useSession } from '@/lib/session/auth-user-query';
import { readSelectedRole, readStoredUserId, storeAccount, storeSelectedRole } from '@/lib/session/local-account';
import { LoginRequiredPanel } from '@/lib/session/login-required-panel';
import { SIGN_UP_STEPS } from '@/lib/sign-up-steps';
import { paymentIntentQueryOptions } from '../api/payment';
import { amountDueTodayCents } from '../lib/money';
import { FeeBreakdown } from './fee-breakdown';
import { PaymentMismatchNotice } from './payment-mismatch';
import { TestCardForm } from './test-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/**
 * docs/product.md §2 "Verification": the payment page. Signed out, it sends people back to the step they are
 * missing (role, then account) or asks them to log in. Signed in, the session is the source of truth
 * (the local keys are refreshed from it, as at login) and a completed payment moves on to /kyc-launch.
 */
export function VerificationPage() {
  const { user, isLoading } = useSession();
  const [stored] = useState(() => ({ role: readSelectedRole(), userId: readStoredUserId() }));

  useEffect(() => {
    if (!user) return;
    storeSelectedRole(user.role);
    storeAccount({ userId: user.id, email: user.email });
  }, [user]);

  if (isLoading) return <LoadingPanel text="Setting up payment..." />;
  if (!user) {
    if (!stored.role) return <Navigate to="/role-selection" replace />;
    if (!stored.userId) return <Navigate to="/create-account" replace />;
    return <LoginRequiredPanel />;
  }
  if (user.paymentCompleted) return <Navigate to="/kyc-launch" replace />;
  // The free Listener membership has nothing to pay: it waits for the confirmed email instead.
  if (user.role === 'listener') return <Navigate to="/confirm-sign-up" replace />;
  return <Checkout user={user} />;
}

function Checkout({ user }: { user: TAuthUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const intent = useQuery(paymentIntentQueryOptions(user));
  const alreadyPaid = isApiError(intent.error) && intent.error.status === 409;
  // A payment of another amount or currency than due was taken: the server refuses a new checkout
  // (402) with words that say so, and the card form's payment may have just ended that way too.
  const [mismatch, setMismatch] = useState<string | null>(null);
  const mismatchMessage =
    mismatch ??
    (isApiError(intent.error) && intent.error.status === 402
      ? serverMessageOr(intent.error, 'Your payment needs attention. Please contact support.')
      : null);

  async function continueToIdentityCheck() {
    // The guard and /kyc-launch read the auth check: refresh it so it shows the payment.
    await refetchSession(queryClient).catch(() => null);
    await navigate({ to: '/kyc-launch' });
  }

  const onAlreadyPaid = useEffectEvent(() => void continueToIdentityCheck());
  useEffect(() => {
    if (alreadyPaid) onAlreadyPaid();
  }, [alreadyPaid]);

  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-10 sm:py-16 lg:py-20">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[30rem] w-[52rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.09] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className="mx-auto w-full max-w-5xl">
          <div className="max-w-2xl">
            <p className="animate-rise text-sm font-semibold tracking-[0.18em] text-accent uppercase">Step 2 of 4</p>
            <h1 className="mt-3 animate-rise text-4xl leading-[1.05] font-extrabold tracking-[-0.03em] [animation-delay:40ms] sm:text-5xl">
              Verification &amp; Membership
            </h1>
            <p className="mt-4 animate-rise text-base leading-relaxed text-muted-foreground [animation-delay:80ms] sm:text-lg">
              {user.role === 'fan'
                ? 'One payment covers your identity verification and your first month as a founding fan.'
                : 'A one-time payment covers your identity verification.'}
            </p>
          </div>

          <div className="mt-8 animate-rise [animation-delay:100ms]">
            <Steps steps={SIGN_UP_STEPS} current={1} label="Sign-up steps" />
          </div>

          <div className="mt-8 grid animate-rise items-start gap-6 [animation-delay:140ms] lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
            <FeeBreakdown
              role={user.role}
              // Without the server's answer (it failed), the role's price list still says what is due.
              amountCents={intent.data?.amountCents ?? (intent.isError ? amountDueTodayCents(user.role) : undefined)}
            />

            <Card className="p-5 sm:p-8">
              {mismatchMessage ? (
                <PaymentMismatchNotice message={mismatchMessage} />
              ) : intent.data ? (
                intent.data.mode === 'test' ? (
                  <TestCardForm
                    clientSecret={intent.data.clientSecret}
                    amountCents={intent.data.amountCents}
                    onPaid={continueToIdentityCheck}
                    onAmountMismatch={setMismatch}
                  />
                ) : (
                  <Suspense fallback={<SettingUp />}>
                    <StripePaymentForm
                      clientSecret={intent.data.clientSecret}
                      publishableKey={intent.data.publishableKey}
                      amountCents={intent.data.amountCents}
                    />
                  </Suspense>
                )
              ) : alreadyPaid ? (
                <SettingUp text="Your payment is complete. Continuing..." />
              ) : intent.isError ? (
                <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
                  <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-destructive/15 text-destructive-text">
                    <CircleAlert aria-hidden="true" className="size-6" />
                  </span>
                  <p className="max-w-xs font-medium">Failed to initialize payment. Please try again.</p>
                  <Button variant="outline" onClick={() => void intent.refetch()} loading={intent.isFetching}>
                    <RotateCcw aria-hidden="true" />
                    Try Again
                  </Button>
                </div>
              ) : (
                <SettingUp />
              )}
              <p className="mt-6 flex items-center justify-center gap-2 text-center text-xs text-subtle-foreground">
                <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
                Payments are processed securely. We never store your card number.
              </p>
            </Card>
          </div>
        </div>
      </div>
    </section>
  );
}

function SettingUp({ text = 'Setting up payment...' }: { text?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-16 text-muted-foreground">
      <Spinner size="lg" className="text-accent" label={text} />
      <p aria-hidden="true">{text}</p>
    </div>
  );
}
