import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { ArrowRight, BadgeCheck, Coins, PartyPopper } from 'lucide-react';
import type { TAuthUser } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { authUserQueryOptions, useSession } from '@/lib/session/auth-user-query';
import { ROLE_ICONS, ROLE_LABELS } from '@/lib/session/roles';
import { isIdentityApproved } from '../lib/membership-status';
import { LoginRequiredPanel } from '@/lib/session/login-required-panel';

/** While the verification reward lands (it is granted right after approval), the balance is re-read. */
const BALANCE_POLL_MS = 1500;
const BALANCE_POLL_LIMIT = 20;

const BARS = [0.45, 0.8, 0.6, 1, 0.7, 0.9, 0.5, 0.75];

const ROLE_WELCOME: Record<Exclude<TAuthUser['role'], 'fan'>, string> = {
  artist:
    'Your verified artist account is ready. Your profile goes public as soon as a verified fan adds or validates you.',
  venue: 'Your verified venue account is ready. Verified members can now find and validate your venue.',
  'service-provider': 'Your verified account is ready. Welcome to the network of people who keep live music running.',
  'industry-pro': 'Your verified account is ready, with view-only access to artist profiles and venue listings.',
  // A Listener never passes this page (no payment, no identity check); a stray visit still reads right.
  listener: 'Your free Listener account is ready: browse artists and venues and keep your favourites.',
};

/** docs/product.md §2 "Verification success". docs/decisions.md: the founding fan number is the user's real one. */
export function VerificationSuccessPage() {
  const { user, isLoading } = useSession();
  // The nav bar's Payola badge reads the auth check: refresh it until the welcome bonus shows.
  useQuery({
    ...authUserQueryOptions(),
    refetchInterval: (query) => {
      const current = query.state.data;
      const waitingForBonus = current?.role === 'fan' && isIdentityApproved(current) && current.payolaBalance === 0;
      return waitingForBonus && query.state.dataUpdateCount < BALANCE_POLL_LIMIT ? BALANCE_POLL_MS : false;
    },
  });

  if (isLoading) return <PageSpinner label="Loading" />;
  if (!user) return <LoginRequiredPanel />;
  if (!user.paymentCompleted || !isIdentityApproved(user)) return <Navigate to="/kyc-launch" replace />;

  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-12 sm:py-16 lg:py-20">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-48 left-1/2 h-[34rem] w-[56rem] max-w-[220vw] -translate-x-1/2 rounded-full bg-accent/[0.13] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className="mx-auto flex w-full max-w-xl flex-col items-center text-center">
          <Badge variant="soft" size="lg" className="animate-rise">
            <BadgeCheck aria-hidden="true" />
            Identity verified
          </Badge>
          <h1 className="mt-5 animate-rise text-[2.5rem] leading-[1.04] font-extrabold tracking-[-0.035em] [animation-delay:40ms] sm:text-6xl">
            Verification Complete!
          </h1>
          {user.role === 'fan' ? <FanCelebration user={user} /> : <RoleWelcome role={user.role} />}
          <Button asChild size="lg" className="group mt-10 w-full animate-rise [animation-delay:240ms] sm:w-auto">
            <Link to="/profile">
              Enter Your Profile
              <ArrowRight
                aria-hidden="true"
                className="transition-transform duration-200 group-hover:translate-x-0.5"
              />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function FanCelebration({ user }: { user: TAuthUser }) {
  const number = user.foundingFanNumber;
  return (
    <>
      <p className="mt-4 animate-rise text-base leading-relaxed text-muted-foreground [animation-delay:80ms] sm:text-lg">
        Welcome to the movement{user.firstName ? `, ${user.firstName.trim()}` : ''}. You're officially a verified
        founding fan, numbered in the order fans joined.
      </p>

      <div className="relative mt-10 w-full animate-rise [animation-delay:140ms]">
        <div aria-hidden="true" className="absolute inset-6 -z-10 rounded-[2rem] bg-accent/25 blur-3xl" />
        <div className="rounded-[1.75rem] bg-gradient-to-br from-accent/70 via-border-strong to-border p-px shadow-raised">
          <div className="relative overflow-hidden rounded-[calc(1.75rem-1px)] bg-[radial-gradient(120%_80%_at_100%_0%,rgb(198_244_50/0.18),transparent_55%),linear-gradient(160deg,#1c1c22,#0d0d10)] px-6 py-8 text-left sm:px-8 sm:py-10">
            <div className="flex items-center justify-between gap-3">
              <span className="text-xs font-semibold tracking-[0.22em] text-muted-foreground uppercase">
                Member card
              </span>
              <span className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-bold text-accent-foreground">
                <PartyPopper aria-hidden="true" className="size-3.5" />
                Founding Fan
              </span>
            </div>
            <div className="mt-8 flex items-end justify-between gap-6">
              <div className="min-w-0">
                <h2 className="font-display text-base font-semibold tracking-tight text-foreground sm:text-lg">
                  {number ? `You're Fan #${number}!` : "You're a Founding Fan!"}
                </h2>
                {number && (
                  <p
                    aria-hidden="true"
                    className="mt-1 font-display text-7xl leading-none font-extrabold tracking-tight break-all sm:text-8xl"
                  >
                    <span className="text-muted-foreground">#</span>
                    <span className="text-accent">{number.toLocaleString()}</span>
                  </p>
                )}
              </div>
              <div
                aria-hidden="true"
                className="hidden h-16 w-32 shrink-0 items-end gap-1.5 min-[400px]:flex sm:h-20 sm:w-40"
              >
                {BARS.map((height, index) => (
                  <span
                    key={index}
                    className="w-full origin-bottom animate-equalizer rounded-full bg-gradient-to-t from-accent/40 to-accent"
                    style={{ height: `${height * 100}%`, animationDelay: `${(index % 5) * -180}ms` }}
                  />
                ))}
              </div>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">Your founding fan number is yours forever.</p>
          </div>
        </div>
      </div>

      <Card className="mt-6 w-full animate-rise flex-row items-center gap-4 p-5 text-left [animation-delay:190ms] sm:p-6">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent ring-1 ring-accent/25">
          <Coins aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="font-display text-xl font-bold tracking-tight">
            +1,000 <span className="text-accent">Payola</span>
          </p>
          <p className="text-sm text-muted-foreground">
            Your welcome bonus for becoming a verified fan. Earn more by adding artists and venues, plus +100 every
            month.
          </p>
        </div>
      </Card>
    </>
  );
}

function RoleWelcome({ role }: { role: Exclude<TAuthUser['role'], 'fan'> }) {
  const Icon = ROLE_ICONS[role];
  return (
    <Card className="mt-10 w-full animate-rise items-center gap-4 p-8 text-center [animation-delay:120ms] sm:p-10">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h2 className="font-display text-3xl font-bold tracking-tight">Welcome, {ROLE_LABELS[role]}!</h2>
      <p className="max-w-md text-base leading-relaxed text-muted-foreground">{ROLE_WELCOME[role]}</p>
    </Card>
  );
}
