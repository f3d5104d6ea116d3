import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BadgeCheck,
  Briefcase,
  Building2,
  Coins,
  Headphones,
  Hash,
  MicVocal,
  ShieldCheck,
  Sparkles,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { listenerMembershipOpen, listenerTargetsText, milestoneProgressQuery } from '@/lib/milestones';
import { MembershipCardArt } from './membership-card-art';
import { MilestoneProgress } from './milestone-progress';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const features: readonly Feature[] = [
  {
    icon: ShieldCheck,
    title: 'Verified fans only',
    text: 'Every member passes identity verification. No bots, no scalpers, no executives gaming the system. Just people who love music.',
  },
  {
    icon: Coins,
    title: 'Earn Payola (PYL)',
    text: 'Add and verify the artists and venues you love to earn Payola. Verification unlocks your first +1,000 PYL, and fans earn +100 every month.',
  },
  {
    icon: Hash,
    title: 'Founding fan numbers',
    text: 'Early members get a permanent founding fan number and the Founding Fan badge. The earlier you join, the lower your number.',
  },
];

interface Role {
  icon: LucideIcon;
  title: string;
  text: string;
}

const roles: readonly Role[] = [
  {
    icon: Headphones,
    title: 'Fan',
    text: 'Add and verify artists and venues, vote, favourite and earn Payola.',
  },
  {
    icon: MicVocal,
    title: 'Artist',
    text: 'Go public once a fan adds or validates you, and add the venues you love to play.',
  },
  {
    icon: Building2,
    title: 'Venue',
    text: 'Get validated by verified members and found by the fans near you.',
  },
  {
    icon: Wrench,
    title: 'Service Provider',
    text: 'Join the network of people who keep live music running.',
  },
  {
    icon: Briefcase,
    title: 'Industry Pro',
    text: 'View-only access to artist profiles and venue listings.',
  },
];

function SectionHeading({ eyebrow, title, text, id }: { eyebrow: string; title: string; text?: string; id: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight sm:text-5xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-base text-muted-foreground sm:text-lg">{text}</p>}
    </div>
  );
}

// No entrance animation: the hero is painted from the prerendered HTML before the app runs (issue #23),
// and an entrance that starts hidden would both hold back that first paint and play again when the app
// takes over. The member card's equalizer keeps the hero alive.
function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-accent/[0.13] blur-[120px]" />
        <div className="absolute inset-0 opacity-[0.35] [background-image:linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] [background-size:56px_56px] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]" />
      </div>

      <div className="container-page grid items-center gap-14 pt-14 pb-20 sm:pt-20 lg:grid-cols-[1.15fr_0.85fr] lg:gap-10 lg:pt-28 lg:pb-28">
        <div className="flex flex-col items-start">
          <Badge variant="soft" size="lg">
            <Sparkles aria-hidden="true" />
            Founding memberships are open
          </Badge>

          <h1
            id="hero-title"
            className="mt-6 text-[2.75rem] leading-[1.02] font-extrabold tracking-[-0.035em] sm:text-7xl lg:text-[5.25rem]"
          >
            Claim Your Place in the <span className="text-accent">Movement</span>
          </h1>

          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
            The music network for real people only. Verified fans, artists and venues put the music they love on the
            map, and earn Payola for every artist and venue they add and verify.
          </p>

          <div className="mt-10 flex w-full flex-col gap-5 sm:w-auto sm:flex-row sm:items-center sm:gap-7">
            <Button asChild size="lg" className="group w-full sm:w-auto">
              <Link to="/role-selection">
                Start Verification
                <ArrowRight
                  aria-hidden="true"
                  className="transition-transform duration-200 group-hover:translate-x-0.5"
                />
              </Link>
            </Button>
            <p className="text-center text-sm text-muted-foreground sm:text-left">
              Already have an account?{' '}
              <Link
                to="/login"
                className="font-semibold text-foreground underline decoration-accent decoration-2 underline-offset-4 transition-colors hover:text-accent"
              >
                Log in
              </Link>
            </p>
          </div>

          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm text-muted-foreground">
            {['Verify in under 5 minutes', 'No bots or scalpers', '+1,000 PYL on verification'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <BadgeCheck aria-hidden="true" className="size-4 text-accent" />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <MembershipCardArt />
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="border-t border-border/70 py-20 sm:py-28">
      <div className="container-page">
        <SectionHeading
          id="features-title"
          eyebrow="Why join"
          title="Built for the people who actually show up"
          text="A membership network where every account is a real, verified person, and where fans are rewarded for championing the music they love."
        />
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex">
              <Card interactive className="w-full">
                <CardHeader className="gap-3">
                  <span className="mb-3 inline-flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent ring-1 ring-accent/25">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                  <CardDescription className="text-base">{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Roles() {
  return (
    <section aria-labelledby="roles-title" className="border-t border-border/70 py-20 sm:py-28">
      <div className="container-page">
        <SectionHeading
          id="roles-title"
          eyebrow="Who it's for"
          title="Every side of the stage"
          text="Pick the role that fits you when you verify. Each one gets its own place in the network."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {roles.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="group flex items-start gap-4 rounded-3xl border border-border bg-surface p-5 shadow-card transition-[border-color,transform] duration-300 hover:-translate-y-0.5 hover:border-accent/40 sm:flex-col sm:p-6"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-overlay text-foreground transition-colors duration-300 group-hover:bg-accent group-hover:text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="text-lg font-semibold tracking-tight">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  const progress = useQuery(milestoneProgressQuery).data;
  // Until the milestone the spec's invitation to help unlock it; after it, the way in.
  const open = listenerMembershipOpen(progress) === true;
  return (
    <section aria-labelledby="cta-title" className="pb-20 sm:pb-28">
      <div className="container-page">
        <div className="relative isolate overflow-hidden rounded-[2rem] border border-accent/25 bg-surface px-6 py-14 text-center shadow-raised sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute -bottom-32 left-1/2 -z-10 h-72 w-[42rem] -translate-x-1/2 rounded-full bg-accent/20 blur-[100px]"
          />
          <h2 id="cta-title" className="mx-auto max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            {open ? 'The free Listener membership is open' : 'Help unlock the free Listener membership'}
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-muted-foreground sm:text-lg">
            {open
              ? 'Join free as a Listener: browse verified artists and venues and keep your favourites, with no payment and no identity check. Or get verified to add, vote and earn Payola.'
              : `It opens at ${listenerTargetsText(progress)}. Get verified now to lock in a founding fan number, or join the waitlist and we'll tell you the moment it opens.`}
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/role-selection">
                {open ? 'Join Free or Get Verified' : 'Get Verified Now'}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            {!open && (
              <Button asChild size="lg" variant="outline">
                <Link to="/waitlist">Join the Waitlist</Link>
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

export function LandingPage() {
  return (
    <>
      <Hero />
      <Features />
      <Roles />
      <MilestoneProgress />
      <ClosingCallToAction />
    </>
  );
}
