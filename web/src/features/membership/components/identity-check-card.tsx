import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { BadgeCheck, CircleAlert, Clock, FlaskConical, IdCard, RotateCcw, ScanFace, ShieldX, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import type { TAuthUser, TStartKycSessionResponse } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { refetchSession } from '@/lib/session/auth-user-query';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { kycSessionQueryOptions, kycStatusQueryOptions, useKycTestDecisionMutation } from '../api/kyc';

const VeriffWidget = lazy(() => import('./veriff-widget'));

/** How often, and for how long, the status is polled after Veriff reports FINISHED. */
const STATUS_POLL_MS = 2000;
const STATUS_POLL_LIMIT = 150;

type Outcome = 'declined' | 'expired' | null;

/**
 * docs/product.md §2 "KYC launch", Step 3 of 3: opens an identity check session on mount, shows the identity
 * service's widget (or, in test mode, the built-in check), and moves on when the decision is approved.
 */
export function IdentityCheckCard({ user }: { user: TAuthUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A new attempt opens a new session (after a declined or expired decision).
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const previouslyDeclined = user.veriffStatus === 'declined' || user.veriffStatus === 'expired';

  const session = useQuery(kycSessionQueryOptions(user.id, attempt));

  // 409: already verified; 403: the payment is not complete. The auth check then routes the page.
  const sessionRefused = isApiError(session.error) && (session.error.status === 409 || session.error.status === 403);
  const onSessionRefused = useEffectEvent(() => void refetchSession(queryClient).catch(() => null));
  useEffect(() => {
    if (sessionRefused) onSessionRefused();
  }, [sessionRefused]);

  async function decided(status: TAuthUser['veriffStatus']) {
    await refetchSession(queryClient).catch(() => null);
    if (status === 'approved') {
      toast({ title: 'Identity Verified', description: 'Your verified profile is ready.' });
      await navigate({ to: '/verification-success' });
    } else if (status === 'declined' || status === 'expired') {
      setOutcome(status);
    }
  }

  function tryAgain() {
    setOutcome(null);
    setAttempt((current) => current + 1);
  }

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:p-7">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <ScanFace aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-[0.18em] text-accent uppercase">Step 3 of 3</p>
          <h2 className="mt-1 font-display text-2xl font-semibold tracking-tight">Verify Your Identity</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
            It takes 2-3 minutes. Have a government-issued photo ID ready and find a well-lit spot.
          </p>
        </div>
      </div>

      <div className="border-t border-border bg-surface-raised/60 p-5 sm:p-7" aria-live="polite">
        {outcome ? (
          <DeclinedState outcome={outcome} onRetry={tryAgain} />
        ) : session.data ? (
          <>
            {previouslyDeclined && attempt === 0 && (
              <p className="mb-5 flex items-start gap-2 rounded-2xl border border-border-strong bg-surface px-4 py-3 text-sm text-muted-foreground">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                Your last identity check was not approved. You can try again now.
              </p>
            )}
            {session.data.mode === 'test' ? (
              <TestModeCheck onDecided={decided} />
            ) : (
              <VeriffCheck key={session.data.sessionId} session={session.data} onDecided={decided} />
            )}
          </>
        ) : session.isError && !sessionRefused ? (
          <div role="alert" className="flex flex-col items-center gap-4 py-8 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-destructive/15 text-destructive-text">
              <CircleAlert aria-hidden="true" className="size-6" />
            </span>
            <p className="max-w-sm font-medium">
              {serverMessageOr(session.error, 'Identity verification is unavailable right now. Please try again.')}
            </p>
            <Button variant="outline" onClick={() => void session.refetch()} loading={session.isFetching}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-center justify-center gap-4 py-12 text-muted-foreground">
            <Spinner size="lg" className="text-accent" label="Preparing your identity check" />
            <p aria-hidden="true">Preparing your identity check...</p>
          </div>
        )}
      </div>
    </Card>
  );
}

type OnDecided = (status: TAuthUser['veriffStatus']) => Promise<void>;

/** Test mode (no identity service configured): the user picks the decision. */
function TestModeCheck({ onDecided }: { onDecided: OnDecided }) {
  const decide = useKycTestDecisionMutation();
  const [chosen, setChosen] = useState<'approved' | 'declined' | null>(null);
  const [finishing, setFinishing] = useState(false);
  const busy = decide.isPending || finishing;

  function choose(decision: 'approved' | 'declined') {
    setChosen(decision);
    decide.mutate(
      { decision },
      {
        onSuccess: async ({ status }) => {
          setFinishing(true);
          await onDecided(status);
          setFinishing(false);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessageOr(error, 'Identity verification is unavailable right now. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <section aria-labelledby="test-check-title" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent ring-1 ring-accent/25">
          <FlaskConical aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h3 id="test-check-title" className="font-display text-lg font-semibold">
            Identity check (test mode)
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
            No identity service is connected, so you choose the outcome. It is delivered through the same signed
            decision path a real check uses.
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3 rounded-2xl border border-dashed border-border-strong p-4 text-sm text-muted-foreground">
        <IdCard aria-hidden="true" className="size-8 shrink-0 text-subtle-foreground" />
        <span>In a live check you would photograph your ID here and take a quick selfie.</span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button
          size="lg"
          onClick={() => choose('approved')}
          disabled={busy}
          loading={busy && chosen === 'approved'}
          loadingText="Approving..."
        >
          <BadgeCheck aria-hidden="true" />
          Approve identity
        </Button>
        <Button
          size="lg"
          variant="outline"
          onClick={() => choose('declined')}
          disabled={busy}
          loading={busy && chosen === 'declined'}
          loadingText="Declining..."
        >
          <X aria-hidden="true" />
          Decline identity
        </Button>
      </div>
    </section>
  );
}

const FINAL = new Set(['approved', 'declined', 'expired']);

/** Veriff mode: the InContext widget; after FINISHED the status is polled until a decision arrives. */
function VeriffCheck({ session, onDecided }: { session: TStartKycSessionResponse; onDecided: OnDecided }) {
  const [open, setOpen] = useState(false);
  const [finished, setFinished] = useState(false);
  const status = useQuery({
    ...kycStatusQueryOptions(session.sessionId),
    enabled: finished,
    refetchInterval: (query) =>
      FINAL.has(query.state.data?.veriffStatus ?? '') || query.state.dataUpdateCount >= STATUS_POLL_LIMIT
        ? false
        : STATUS_POLL_MS,
  });
  const decision = status.data?.veriffStatus ?? null;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => setGaveUp(true), STATUS_POLL_MS * STATUS_POLL_LIMIT);
    return () => clearTimeout(timer);
  }, [finished]);
  const onDecision = useEffectEvent((value: TAuthUser['veriffStatus']) => void onDecided(value));
  useEffect(() => {
    if (decision && FINAL.has(decision)) onDecision(decision);
  }, [decision]);

  if (finished) {
    const stillWaiting = gaveUp || status.isError;
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        {stillWaiting ? (
          <Clock aria-hidden="true" className="size-8 text-accent" />
        ) : (
          <Spinner size="lg" className="text-accent" label="Waiting for your decision" />
        )}
        <p className="font-medium">
          {stillWaiting ? 'Your check is still being reviewed.' : 'Reviewing your identity check...'}
        </p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {stillWaiting
            ? 'This can take a little longer. Come back to this page soon to see the result.'
            : 'This usually takes under a minute. Keep this page open.'}
        </p>
      </div>
    );
  }

  if (!open || !session.url) {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <Button size="lg" onClick={() => setOpen(true)} disabled={!session.url}>
          <ScanFace aria-hidden="true" />
          Start Identity Check
        </Button>
        <p className="text-xs text-subtle-foreground">Verification by Veriff. Your data is handled securely.</p>
      </div>
    );
  }

  return (
    <Suspense fallback={<Spinner size="lg" className="mx-auto text-accent" label="Loading identity check" />}>
      <VeriffWidget url={session.url} onFinished={() => setFinished(true)} onClosed={() => setOpen(false)} />
    </Suspense>
  );
}

function DeclinedState({ outcome, onRetry }: { outcome: 'declined' | 'expired'; onRetry: () => void }) {
  return (
    <div role="alert" className="flex animate-fade-in flex-col items-center gap-4 py-6 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-destructive/15 text-destructive-text">
        <ShieldX aria-hidden="true" className="size-7" />
      </span>
      <h3 className="font-display text-xl font-semibold">
        {outcome === 'declined' ? 'Verification Declined' : 'Verification Expired'}
      </h3>
      <p className="max-w-sm text-sm leading-relaxed text-muted-foreground">
        {outcome === 'declined'
          ? "We couldn't verify your identity. Check that your ID is valid and clearly visible, then try again."
          : 'Your identity check session expired before it was finished. Start a new one to continue.'}
      </p>
      <Button size="lg" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}
