import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { Accessibility, Car, Mail, MapPin, Phone, Speaker, UserRound, type LucideIcon } from 'lucide-react';
import type { TVenue } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { FavoriteToggle } from '@/lib/catalog/favorite-toggle';
import { HiddenEntryNotice, ReportEntryButton } from '@/lib/catalog/entry-moderation';
import { ClaimedBadge, EntryClaimSection } from '@/lib/catalog/entry-claim';
import { EntryHistory } from '@/lib/catalog/entry-history';
import { ExternalLinkCard, ProfileAbout, ProfileHero, ProfileShell, ProfileStates } from '@/lib/catalog/profile-parts';
import { VoteToggle } from '@/lib/catalog/vote-toggle';
import { useVenueFavoriteMutation, useVenueVoteMutation, venueQueryOptions } from '../api/venues';
import { venuePlace, VenueBadges } from './venue-badges';
import { EditVenueDialog } from './edit-venue-dialog';
import { useSession } from '@/lib/session/auth-user-query';
import { browsesOnly } from '@/lib/session/roles';

/** docs/product.md §2 "Venue profile (/venue/{id})", with a working vote toggle (docs/decisions.md). */
export function VenueProfilePage({
  id,
  offers,
}: {
  id: string;
  /** The entry's Offers section (the shop's, composed by the route: features never import each other). */
  offers?: (entry: { id: string; name: string }) => ReactNode;
}) {
  const venue = useQuery(venueQueryOptions(id));
  return (
    <ProfileStates query={venue} noun="Venue">
      {(data) =>
        // A merged duplicate's id answers with the survivor: its own address replaces the old one.
        data.id === id ? (
          <Profile venue={data} offers={offers} />
        ) : (
          <Navigate to="/venue/$id" params={{ id: data.id }} replace />
        )
      }
    </ProfileStates>
  );
}

function Profile({ venue, offers }: { venue: TVenue; offers?: (entry: { id: string; name: string }) => ReactNode }) {
  const vote = useVenueVoteMutation(venue.id);
  const listener = browsesOnly(useSession().user);
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
      <HiddenEntryNotice entry={venue} />
      <ProfileHero
        noun="Venue"
        name={venue.name}
        imageUrl={venue.imageUrl}
        subtitle={
          <p className="mt-2 flex items-center gap-1.5 text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {venuePlace(venue)}
          </p>
        }
        badges={
          <>
            <VenueBadges venue={venue} />
            <ClaimedBadge root="/api/venues" id={venue.id} noun="venue" />
          </>
        }
        actions={
          <>
            {!listener && <VoteToggle entry={venue} vote={vote} className="px-3 sm:px-5" />}
            <FavoriteToggle entry={venue} favorite={favorite} variant="labelled" className="px-3 sm:px-5" />
          </>
        }
      />
      <ProfileAbout
        bio={venue.bio}
        noStory={`No description of ${venue.name} yet.`}
        addedBy={venue.addedBy.foundingFanNumber}
        addedByDeleted={venue.addedBy.deletedMember}
        createdAt={venue.createdAt}
      />

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
                  <ExternalLinkCard url={url} />
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
      <EntryClaimSection
        root="/api/venues"
        id={venue.id}
        noun="venue"
        name={venue.name}
        links={links.map((url) => ({ label: url === venue.websiteUrl ? 'Website' : 'Social profile', url }))}
        manage={<EditVenueDialog venue={venue} />}
      />
      {offers?.(venue)}
      <EntryHistory root="/api/venues" id={venue.id} noun="venue" />
      <div className="mt-6 flex justify-end">
        <ReportEntryButton root="/api/venues" id={venue.id} name={venue.name} />
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
