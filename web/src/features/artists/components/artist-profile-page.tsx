import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { Link2 } from 'lucide-react';
import { LINK_PLATFORM_LABELS, type TArtist } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { HiddenEntryNotice, ReportEntryButton } from '@/lib/catalog/entry-moderation';
import { ClaimedBadge, EntryClaimSection } from '@/lib/catalog/entry-claim';
import { EntryHistory } from '@/lib/catalog/entry-history';
import { ExternalLinkCard, ProfileAbout, ProfileHero, ProfileShell, ProfileStates } from '@/lib/catalog/profile-parts';
import { artistQueryOptions } from '../api/artists';
import { ArtistBadges } from './artist-badges';
import { EditArtistDialog } from './edit-artist-dialog';
import { FanMessages } from './fan-messages';
import { FavoriteButton } from './favorite-button';
import { VoteButton } from './vote-button';
import { useSession } from '@/lib/session/auth-user-query';
import { browsesOnly } from '@/lib/session/roles';

/** docs/product.md §2 "Artist profile (/artist/{id})". */
export function ArtistProfilePage({
  id,
  offers,
}: {
  id: string;
  /** The entry's Offers section (the shop's, composed by the route: features never import each other). */
  offers?: (entry: { id: string; name: string }) => ReactNode;
}) {
  const artist = useQuery(artistQueryOptions(id));
  return (
    <ProfileStates query={artist} noun="Artist">
      {(data) =>
        // A merged duplicate's id answers with the survivor: its own address replaces the old one.
        data.id === id ? (
          <Profile artist={data} offers={offers} />
        ) : (
          <Navigate to="/artist/$id" params={{ id: data.id }} replace />
        )
      }
    </ProfileStates>
  );
}

function Profile({ artist, offers }: { artist: TArtist; offers?: (entry: { id: string; name: string }) => ReactNode }) {
  const listener = browsesOnly(useSession().user);
  return (
    <ProfileShell backTo="/artists" backLabel="Back to Artists">
      <HiddenEntryNotice entry={artist} />
      <ProfileHero
        noun="Artist"
        name={artist.name}
        imageUrl={artist.imageUrl}
        subtitle={artist.recordLabel && <p className="mt-2 text-muted-foreground">{artist.recordLabel}</p>}
        badges={
          <>
            <ArtistBadges artist={artist} />
            <ClaimedBadge root="/api/artists" id={artist.id} noun="artist" />
          </>
        }
        actions={
          <>
            {!listener && <VoteButton artist={artist} className="px-3 sm:px-5" />}
            <FavoriteButton artist={artist} variant="labelled" className="px-3 sm:px-5" />
          </>
        }
      />
      <ProfileAbout
        bio={artist.bio}
        noStory={`No story has been told about ${artist.name} yet.`}
        addedBy={artist.addedBy.foundingFanNumber}
        addedByDeleted={artist.addedBy.deletedMember}
        createdAt={artist.createdAt}
      />

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
                <ExternalLinkCard url={link.url} title={LINK_PLATFORM_LABELS[link.platform]} />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <EntryClaimSection
        root="/api/artists"
        id={artist.id}
        noun="artist"
        name={artist.name}
        links={artist.links.map((link) => ({ label: LINK_PLATFORM_LABELS[link.platform], url: link.url }))}
        manage={<EditArtistDialog artist={artist} />}
      />
      {offers?.(artist)}
      <EntryHistory root="/api/artists" id={artist.id} noun="artist" />

      <FanMessages artistId={artist.id} artistName={artist.name} />
      <div className="mt-6 flex justify-end">
        <ReportEntryButton root="/api/artists" id={artist.id} name={artist.name} />
      </div>
    </ProfileShell>
  );
}
