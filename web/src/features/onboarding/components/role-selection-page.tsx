import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, Check, Clock, ShieldCheck, Sparkles } from 'lucide-react';
import type { TRole } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { textLinkClasses } from '@/components/ui/text-link';
import { listenerMembershipOpen, milestoneProgressQuery } from '@/lib/milestones';
import { storeSelectedRole } from '@/lib/session/local-account';
import { cn } from '@/lib/utils';
import { ROLE_OPTIONS, type RoleOption } from '../lib/role-options';

export function RoleSelectionPage() {
  const navigate = useNavigate();
  const listenerOpen = listenerMembershipOpen(useQuery(milestoneProgressQuery).data) === true;

  function choose(role: TRole) {
    storeSelectedRole(role);
    void navigate({ to: '/create-account' });
  }

  return (
    <section className="relative isolate overflow-hidden py-12 sm:py-16 lg:py-20">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[32rem] w-[60rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.1] blur-[120px]" />
      </div>

      <div className="container-page">
        <div className="max-w-3xl">
          <Badge variant="soft" size="lg" className="animate-rise">
            <Sparkles aria-hidden="true" />
            Welcome to Payola
          </Badge>
          <h1 className="mt-5 animate-rise text-[2.5rem] leading-[1.04] font-extrabold tracking-[-0.035em] [animation-delay:40ms] sm:text-6xl">
            Choose Your Role
          </h1>
          <p className="mt-5 max-w-2xl animate-rise text-base leading-relaxed text-muted-foreground [animation-delay:80ms] sm:text-lg">
            Pick the role that fits you. Next you'll create your account, complete a one-time verification payment and a
            quick identity check, and then you're in.
          </p>
        </div>

        <ul className="mt-10 grid gap-5 sm:mt-12 md:grid-cols-2 lg:grid-cols-3">
          {ROLE_OPTIONS.map((option, index) => (
            <li key={option.role} className="flex animate-rise" style={{ animationDelay: `${120 + index * 50}ms` }}>
              <RoleCard
                option={option}
                featured={option.role === 'fan'}
                notYetOpen={option.role === 'listener' && !listenerOpen}
                onChoose={() => choose(option.role)}
              />
            </li>
          ))}
          <li className="flex animate-rise [animation-delay:420ms]">
            <div className="flex w-full flex-col justify-center gap-4 rounded-3xl border border-dashed border-border-strong p-6 sm:p-7">
              <ShieldCheck aria-hidden="true" className="size-8 text-accent" />
              <p className="font-display text-xl font-semibold tracking-tight">Real people only</p>
              <p className="text-sm leading-relaxed text-muted-foreground">
                Every member verifies their identity. Verification takes under 5 minutes, and keeps bots, scalpers and
                fake accounts out.
              </p>
              <p className="text-sm text-muted-foreground">
                Already have an account?{' '}
                <Link to="/login" className={textLinkClasses}>
                  Log in
                </Link>
              </p>
            </div>
          </li>
        </ul>
      </div>
    </section>
  );
}

function RoleCard({
  option,
  featured,
  notYetOpen,
  onChoose,
}: {
  option: RoleOption;
  featured: boolean;
  /** The Listener card before its milestone: shown, but it leads to the waitlist. */
  notYetOpen: boolean;
  onChoose: () => void;
}) {
  const { icon: Icon, title, description, features, price, priceNote } = option;
  const free = option.role === 'listener';
  const titleId = `role-${option.role}-title`;

  return (
    <Card
      interactive
      aria-labelledby={titleId}
      role="group"
      className={cn('w-full p-6 sm:p-7', featured && 'border-accent/50 shadow-glow hover:border-accent')}
    >
      <div className="flex items-start justify-between gap-4">
        <span
          className={cn(
            'inline-flex size-12 shrink-0 items-center justify-center rounded-2xl',
            featured ? 'bg-accent text-accent-foreground' : 'bg-surface-overlay text-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
        {featured && (
          <Badge variant="soft" size="sm">
            Most popular
          </Badge>
        )}
        {notYetOpen && (
          <Badge variant="outline" size="sm">
            <Clock aria-hidden="true" />
            Not yet open
          </Badge>
        )}
      </div>

      <h2 id={titleId} className="mt-5 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
      {notYetOpen && (
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
          The free Listener membership is not yet open. It unlocks when the community reaches its verified fans and
          verified artists milestone; join the waitlist and we'll email you.
        </p>
      )}

      <ul className="mt-5 flex flex-col gap-2.5" aria-label={`${title} features`}>
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-sm">
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Check aria-hidden="true" strokeWidth={3} className="size-3" />
            </span>
            {feature}
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-7">
        <p className="mb-4 flex items-baseline gap-2 border-t border-border pt-5">
          <span className="font-display text-2xl font-bold">{price}</span>
          <span className="text-sm text-muted-foreground">{priceNote}</span>
        </p>
        {notYetOpen ? (
          <Button asChild block variant="outline" className="group">
            <Link to="/waitlist">
              Join the Waitlist
              <ArrowRight
                aria-hidden="true"
                className="transition-transform duration-200 group-hover:translate-x-0.5"
              />
            </Link>
          </Button>
        ) : (
          <Button
            block
            variant={featured ? 'primary' : 'secondary'}
            aria-label={free ? 'Join Free as Listener' : `Verify & Continue as ${title}`}
            onClick={onChoose}
            className="group"
          >
            {free ? 'Join Free' : <>Verify &amp; Continue</>}
            <ArrowRight aria-hidden="true" className="transition-transform duration-200 group-hover:translate-x-0.5" />
          </Button>
        )}
      </div>
    </Card>
  );
}
