import type { TArtist } from '@app/contracts';
import { CARD_FAVORITE_CLASS, EntryCard } from '@/lib/catalog/entry-card';
import { ArtistBadges } from './artist-badges';
import { FavoriteButton } from './favorite-button';

/** One artist in a grid: its cover, name, genre and type, and votes. */
export function ArtistCard({ artist }: { artist: TArtist }) {
  return (
    <EntryCard
      entry={artist}
      to="/artist/$id"
      favorite={<FavoriteButton artist={artist} className={CARD_FAVORITE_CLASS} />}
    >
      <ArtistBadges artist={artist} size="sm" withSecondary={false} />
    </EntryCard>
  );
}
