import { Link } from '@tanstack/react-router';
import {
  ArrowLeft,
  CalendarDays,
  ExternalLink,
  RefreshCw,
  SearchX,
  TriangleAlert,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { isApiError } from '@/lib/api-client';
import { CoverArt } from './cover-art';
import { addedByLabel, longUsDate } from './format';

/** The frame of an artist or venue profile: a soft accent glow and the way back to its list. */
export function ProfileShell({
  backTo,
  backLabel,
  children,
}: {
  backTo: '/artists' | '/venues';
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-8 sm:py-12">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[28rem] w-[52rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.08] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className="mx-auto w-full max-w-5xl">
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <Link to={backTo}>
              <ArrowLeft aria-hidden="true" />
              {backLabel}
            </Link>
          </Button>
          {children}
        </div>
      </div>
    </section>
  );
}

/** One fact of a profile ('Added By', 'Date Added') on its own card. */
export function FactCard({ icon: Icon, title, value }: { icon: LucideIcon; title: string; value: string }) {
  return (
    <Card className="flex-row items-center gap-4 p-5 sm:p-6">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <p className="mt-0.5 font-display text-lg font-semibold">{value}</p>
      </div>
    </Card>
  );
}

type Noun = 'Artist' | 'Venue';

const LIST_PATHS = { Artist: '/artists', Venue: '/venues' } as const;

/** A profile's query as far as its states go (TanStack Query's result). */
interface ProfileQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The states of an artist or venue profile: loading (the skeleton), 'Artist Not Found' / 'Venue Not Found'
 * for an unknown id (docs/product.md §2), a failed load with Retry, and otherwise the profile itself.
 */
export function ProfileStates<T>({
  query,
  noun,
  children,
}: {
  query: ProfileQuery<T>;
  noun: Noun;
  children: (data: T) => ReactNode;
}) {
  const lower = noun.toLowerCase();
  const listPath = LIST_PATHS[noun];
  const back = (variant: 'primary' | 'outline') => (
    <Button asChild size="lg" variant={variant}>
      <Link to={listPath}>
        <ArrowLeft aria-hidden="true" />
        Back to {noun}s
      </Link>
    </Button>
  );
  if (query.isPending) return <ProfileSkeleton noun={noun} />;
  if (query.isError || query.data === undefined) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <StatusPanel
          icon={<SearchX aria-hidden="true" />}
          title={`${noun} Not Found`}
          description={`The ${lower} you're looking for doesn't exist or has been removed.`}
        >
          {back('primary')}
        </StatusPanel>
      );
    }
    return (
      <StatusPanel
        icon={<TriangleAlert aria-hidden="true" />}
        title={`${noun} could not be loaded`}
        description={`Something went wrong while loading this ${lower}. Check your connection and try again.`}
      >
        <Button size="lg" onClick={() => void query.refetch()} loading={query.isFetching}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
        {back('outline')}
      </StatusPanel>
    );
  }
  return children(query.data);
}

function ProfileSkeleton({ noun }: { noun: Noun }) {
  return (
    <ProfileShell backTo={LIST_PATHS[noun]} backLabel={`Back to ${noun}s`}>
      <div aria-busy="true" aria-label={`Loading ${noun.toLowerCase()}`} className="mt-5">
        <Card className="overflow-hidden sm:flex-row">
          <Skeleton className="aspect-square w-full rounded-none sm:w-72 lg:w-80" />
          <div className="flex flex-1 flex-col gap-4 p-6 sm:p-8">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-12 w-3/4" />
            <div className="flex gap-2">
              <Skeleton className="h-6 w-20 rounded-full" />
              <Skeleton className="h-6 w-24 rounded-full" />
            </div>
            <div className="mt-auto flex gap-3">
              <Skeleton className="h-11 w-36 rounded-full" />
              <Skeleton className="h-11 w-32 rounded-full" />
            </div>
          </div>
        </Card>
        <Skeleton className="mt-6 h-40 rounded-3xl" />
      </div>
    </ProfileShell>
  );
}

/** The top of a profile: cover art, what it is, the name, a line under it, badges, vote and favourite. */
export function ProfileHero({
  noun,
  name,
  imageUrl,
  subtitle,
  badges,
  actions,
}: {
  noun: Noun;
  name: string;
  imageUrl: string | null;
  subtitle?: ReactNode;
  badges: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card className="mt-5 animate-rise overflow-hidden sm:flex-row">
      <CoverArt
        name={name}
        imageUrl={imageUrl}
        variant="profile"
        className="aspect-square w-full shrink-0 sm:w-72 lg:w-80"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-5 p-5 sm:p-8">
        <div>
          <p className="text-sm font-semibold tracking-[0.18em] text-accent uppercase">{noun}</p>
          <h1 className="mt-2 text-4xl leading-[1.05] font-extrabold tracking-[-0.03em] break-words sm:text-5xl">
            {name}
          </h1>
          {subtitle}
        </div>
        {badges}
        <div className="mt-auto grid grid-cols-2 gap-3 pt-2 sm:flex sm:flex-wrap sm:items-center">{actions}</div>
      </div>
    </Card>
  );
}

/** About (the bio, or `noStory` without one) beside the 'Added By' and 'Date Added' facts. */
export function ProfileAbout({
  bio,
  noStory,
  addedBy,
  addedByDeleted = false,
  createdAt,
}: {
  bio: string | null;
  noStory: string;
  addedBy: number | null;
  /** The adder deleted their account. */
  addedByDeleted?: boolean;
  createdAt: string;
}) {
  return (
    <div className="mt-6 grid animate-rise grid-cols-1 gap-6 [animation-delay:80ms] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="p-6 sm:p-7">
        <h2 className="font-display text-xl font-semibold tracking-tight">About</h2>
        {bio ? (
          <p className="mt-3 leading-relaxed whitespace-pre-line text-muted-foreground">{bio}</p>
        ) : (
          <p className="mt-3 text-subtle-foreground">{noStory}</p>
        )}
      </Card>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-1">
        <FactCard icon={UserRound} title="Added By" value={addedByLabel(addedBy, addedByDeleted)} />
        <FactCard icon={CalendarDays} title="Date Added" value={longUsDate(createdAt)} />
      </div>
    </div>
  );
}

/** A link that leaves the site, opening in a new tab, shown as its title (if any) over the address. */
export function ExternalLinkCard({ url, title }: { url: string; title?: string }) {
  const address = url.replace(/^https:\/\/(www\.)?/, '');
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-center gap-3 rounded-2xl border border-border bg-surface-raised px-4 py-3 transition-colors hover:border-accent/50 hover:bg-surface-overlay focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {title ? (
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{title}</span>
          <span className="block truncate text-sm text-muted-foreground">{address}</span>
        </span>
      ) : (
        <span className="min-w-0 flex-1 truncate font-semibold">{address}</span>
      )}
      <ExternalLink
        aria-hidden="true"
        className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-accent"
      />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
