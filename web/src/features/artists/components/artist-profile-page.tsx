import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowLeft,
  CalendarDays,
  ExternalLink,
  Link2,
  RefreshCw,
  SearchX,
  TriangleAlert,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { LINK_PLATFORM_LABELS, type TArtist } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { FactCard, ProfileShell } from '@/lib/catalog/profile-parts';
import { StatusPanel } from '@/components/ui/status-panel';
import { isApiError } from '@/lib/api-client';
import { artistQueryOptions } from '../api/artists';
import { addedByLabel, longUsDate } from '@/lib/catalog/format';
import { CoverArt } from '@/lib/catalog/cover-art';
import { ArtistBadges } from './artist-badges';
import { FanMessages } from './fan-messages';
import { FavoriteButton } from './favorite-button';
import { VoteButton } from './vote-button';

/** Spec §2 "Artist profile (/artist/{id})". */
export function ArtistProfilePage({ id }: { id: string }) {
  const artist = useQuery(artistQueryOptions(id));

  if (artist.isPending) return <ProfileSkeleton />;
  if (artist.isError) {
    if (isApiError(artist.error) && artist.error.status === 404) return <ArtistNotFound />;
    return (
      <StatusPanel
        icon={<TriangleAlert aria-hidden="true" />}
        title="Artist could not be loaded"
        description="Something went wrong while loading this artist. Check your connection and try again."
      >
        <Button size="lg" onClick={() => void artist.refetch()} loading={artist.isFetching}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
        <BackToArtists variant="outline" />
      </StatusPanel>
    );
  }
  return <Profile artist={artist.data} />;
}

function BackToArtists({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to="/artists">
        <ArrowLeft aria-hidden="true" />
        Back to Artists
      </Link>
    </Button>
  );
}

function ArtistNotFound() {
  return (
    <StatusPanel
      icon={<SearchX aria-hidden="true" />}
      title="Artist Not Found"
      description="The artist you're looking for doesn't exist or has been removed."
    >
      <BackToArtists />
    </StatusPanel>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <ProfileShell backTo="/artists" backLabel="Back to Artists">
      {children}
    </ProfileShell>
  );
}

function Profile({ artist }: { artist: TArtist }) {
  return (
    <Shell>
      <Card className="mt-5 animate-rise overflow-hidden sm:flex-row">
        <CoverArt
          name={artist.name}
          imageUrl={artist.imageUrl}
          variant="profile"
          className="aspect-square w-full shrink-0 sm:w-72 lg:w-80"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-5 p-5 sm:p-8">
          <div>
            <p className="text-sm font-semibold tracking-[0.18em] text-accent uppercase">Artist</p>
            <h1 className="mt-2 text-4xl leading-[1.05] font-extrabold tracking-[-0.03em] break-words sm:text-5xl">
              {artist.name}
            </h1>
            {artist.recordLabel && <p className="mt-2 text-muted-foreground">{artist.recordLabel}</p>}
          </div>
          <ArtistBadges artist={artist} />
          <div className="mt-auto grid grid-cols-2 gap-3 pt-2 sm:flex sm:flex-wrap sm:items-center">
            <VoteButton artist={artist} className="px-3 sm:px-5" />
            <FavoriteButton artist={artist} variant="labelled" className="px-3 sm:px-5" />
          </div>
        </div>
      </Card>

      <div className="mt-6 grid animate-rise grid-cols-1 gap-6 [animation-delay:80ms] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-6 sm:p-7">
          <h2 className="font-display text-xl font-semibold tracking-tight">About</h2>
          {artist.bio ? (
            <p className="mt-3 leading-relaxed whitespace-pre-line text-muted-foreground">{artist.bio}</p>
          ) : (
            <p className="mt-3 text-subtle-foreground">No story has been told about {artist.name} yet.</p>
          )}
        </Card>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <FactCard icon={UserRound} title="Added By" value={addedByLabel(artist.addedBy.foundingFanNumber)} />
          <FactCard icon={CalendarDays} title="Date Added" value={longUsDate(artist.createdAt)} />
        </div>
      </div>

      <Card className="mt-6 animate-rise p-6 [animation-delay:120ms] sm:p-7">
        <h2 className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight">
          <Link2 aria-hidden="true" className="size-5 text-accent" />
          Links
        </h2>
        {artist.links.length === 0 ? (
          <p className="mt-3 text-subtle-foreground">No links yet.</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {artist.links.map((link) => (
              <li key={`${link.platform} ${link.url}`}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="group flex items-center gap-3 rounded-2xl border border-border bg-surface-raised px-4 py-3 transition-colors hover:border-accent/50 hover:bg-surface-overlay focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{LINK_PLATFORM_LABELS[link.platform]}</span>
                    <span className="block truncate text-sm text-muted-foreground">
                      {link.url.replace(/^https:\/\/(www\.)?/, '')}
                    </span>
                  </span>
                  <ExternalLink
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-accent"
                  />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <FanMessages artistId={artist.id} artistName={artist.name} />
    </Shell>
  );
}

function ProfileSkeleton() {
  return (
    <Shell>
      <div aria-busy="true" aria-label="Loading artist" className="mt-5">
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
    </Shell>
  );
}
