import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  Accessibility,
  ArrowLeft,
  Car,
  CalendarDays,
  ExternalLink,
  Mail,
  MapPin,
  Phone,
  RefreshCw,
  SearchX,
  Speaker,
  TriangleAlert,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { TVenue } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { isApiError } from '@/lib/api-client';
import { CoverArt } from '@/lib/catalog/cover-art';
import { FavoriteToggle } from '@/lib/catalog/favorite-toggle';
import { addedByLabel, longUsDate } from '@/lib/catalog/format';
import { FactCard, ProfileShell } from '@/lib/catalog/profile-parts';
import { VoteToggle } from '@/lib/catalog/vote-toggle';
import { useVenueFavoriteMutation, useVenueVoteMutation, venueQueryOptions } from '../api/venues';
import { venuePlace, VenueBadges } from './venue-badges';

/** Spec §2 "Venue profile (/venue/{id})", with a working vote toggle (product-decisions.md). */
export function VenueProfilePage({ id }: { id: string }) {
  const venue = useQuery(venueQueryOptions(id));

  if (venue.isPending) return <ProfileSkeleton />;
  if (venue.isError) {
    if (isApiError(venue.error) && venue.error.status === 404) {
      return (
        <StatusPanel
          icon={<SearchX aria-hidden="true" />}
          title="Venue Not Found"
          description="The venue you're looking for doesn't exist or has been removed."
        >
          <BackToVenues />
        </StatusPanel>
      );
    }
    return (
      <StatusPanel
        icon={<TriangleAlert aria-hidden="true" />}
        title="Venue could not be loaded"
        description="Something went wrong while loading this venue. Check your connection and try again."
      >
        <Button size="lg" onClick={() => void venue.refetch()} loading={venue.isFetching}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
        <BackToVenues variant="outline" />
      </StatusPanel>
    );
  }
  return <Profile venue={venue.data} />;
}

function BackToVenues({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to="/venues">
        <ArrowLeft aria-hidden="true" />
        Back to Venues
      </Link>
    </Button>
  );
}

function Profile({ venue }: { venue: TVenue }) {
  const vote = useVenueVoteMutation(venue.id);
  const favorite = useVenueFavoriteMutation(venue.id);
  const contact = [
    venue.phoneNumber && { icon: Phone, label: 'Phone', value: venue.phoneNumber, href: `tel:${venue.phoneNumber}` },
    venue.email && { icon: Mail, label: 'Email', value: venue.email, href: `mailto:${venue.email}` },
    venue.bookingContact && { icon: UserRound, label: 'Booking contact', value: venue.bookingContact },
  ].filter(Boolean) as DetailItem[];
  const features = [
    venue.soundSystem && { icon: Speaker, label: 'Sound system', value: venue.soundSystem },
    venue.accessibility && { icon: Accessibility, label: 'Accessibility', value: venue.accessibility },
    venue.parking && { icon: Car, label: 'Parking', value: venue.parking },
  ].filter(Boolean) as DetailItem[];
  const links = [venue.websiteUrl, ...venue.socialUrls].filter((url): url is string => Boolean(url));

  return (
    <ProfileShell backTo="/venues" backLabel="Back to Venues">
      <Card className="mt-5 animate-rise overflow-hidden sm:flex-row">
        <CoverArt
          name={venue.name}
          imageUrl={venue.imageUrl}
          variant="profile"
          className="aspect-square w-full shrink-0 sm:w-72 lg:w-80"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-5 p-5 sm:p-8">
          <div>
            <p className="text-sm font-semibold tracking-[0.18em] text-accent uppercase">Venue</p>
            <h1 className="mt-2 text-4xl leading-[1.05] font-extrabold tracking-[-0.03em] break-words sm:text-5xl">
              {venue.name}
            </h1>
            <p className="mt-2 flex items-center gap-1.5 text-muted-foreground">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {venuePlace(venue)}
            </p>
          </div>
          <VenueBadges venue={venue} />
          <div className="mt-auto grid grid-cols-2 gap-3 pt-2 sm:flex sm:flex-wrap sm:items-center">
            <VoteToggle entry={venue} vote={vote} className="px-3 sm:px-5" />
            <FavoriteToggle entry={venue} favorite={favorite} variant="labelled" className="px-3 sm:px-5" />
          </div>
        </div>
      </Card>

      <div className="mt-6 grid animate-rise grid-cols-1 gap-6 [animation-delay:80ms] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-6 sm:p-7">
          <h2 className="font-display text-xl font-semibold tracking-tight">About</h2>
          {venue.bio ? (
            <p className="mt-3 leading-relaxed whitespace-pre-line text-muted-foreground">{venue.bio}</p>
          ) : (
            <p className="mt-3 text-subtle-foreground">No description of {venue.name} yet.</p>
          )}
        </Card>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <FactCard icon={UserRound} title="Added By" value={addedByLabel(venue.addedBy.foundingFanNumber)} />
          <FactCard icon={CalendarDays} title="Date Added" value={longUsDate(venue.createdAt)} />
        </div>
      </div>

      <div className="mt-6 grid animate-rise grid-cols-1 gap-6 [animation-delay:120ms] md:grid-cols-2">
        <DetailCard title="Contact Information" items={contact} empty="No contact details yet." />
        <DetailCard title="Venue Features" items={features} empty="No features listed yet." />
        {venue.streetAddress && (
          <Card className="p-6 sm:p-7">
            <h2 className="font-display text-xl font-semibold tracking-tight">Address</h2>
            <address className="mt-3 leading-relaxed text-muted-foreground not-italic">
              {venue.streetAddress}
              <br />
              {venuePlace(venue)}
              {venue.country.toUpperCase() === 'USA' && ', USA'}
            </address>
          </Card>
        )}
        {links.length > 0 && (
          <Card className="p-6 sm:p-7">
            <h2 className="font-display text-xl font-semibold tracking-tight">
              {venue.websiteUrl ? 'Website' : 'Links'}
            </h2>
            <ul className="mt-4 flex flex-col gap-3">
              {links.map((url) => (
                <li key={url}>
                  <ExternalAddress url={url} />
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </ProfileShell>
  );
}

interface DetailItem {
  icon: LucideIcon;
  label: string;
  value: string;
  href?: string;
}

function DetailCard({ title, items, empty }: { title: string; items: DetailItem[]; empty: string }) {
  return (
    <Card className="p-6 sm:p-7">
      <h2 className="font-display text-xl font-semibold tracking-tight">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-3 text-subtle-foreground">{empty}</p>
      ) : (
        <dl className="mt-4 flex flex-col gap-4">
          {items.map(({ icon: Icon, label, value, href }) => (
            <div key={label}>
              <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
                {label}
              </dt>
              <dd className="mt-0.5 pl-7 font-medium break-words">
                {href ? (
                  <a href={href} className="underline-offset-4 hover:text-accent hover:underline">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

function ExternalAddress({ url }: { url: string }): ReactNode {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-center gap-3 rounded-2xl border border-border bg-surface-raised px-4 py-3 transition-colors hover:border-accent/50 hover:bg-surface-overlay focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="min-w-0 flex-1 truncate font-semibold">{url.replace(/^https:\/\/(www\.)?/, '')}</span>
      <ExternalLink
        aria-hidden="true"
        className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-accent"
      />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function ProfileSkeleton() {
  return (
    <ProfileShell backTo="/venues" backLabel="Back to Venues">
      <div aria-busy="true" aria-label="Loading venue" className="mt-5">
        <Card className="overflow-hidden sm:flex-row">
          <Skeleton className="aspect-square w-full rounded-none sm:w-72 lg:w-80" />
          <div className="flex flex-1 flex-col gap-4 p-6 sm:p-8">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-12 w-3/4" />
            <Skeleton className="h-6 w-40 rounded-full" />
          </div>
        </Card>
        <Skeleton className="mt-6 h-40 rounded-3xl" />
      </div>
    </ProfileShell>
  );
}
