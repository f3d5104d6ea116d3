import { Disc3, Mic2, Music2 } from 'lucide-react';
import type { TArtist } from '@app/contracts';
import { Badge } from '@/components/ui/badge';

/** Genre, secondary genre and act type (docs/product.md §2 "Artist profile"), as one labelled list. */
export function ArtistBadges({
  artist,
  size = 'md',
  withSecondary = true,
}: {
  artist: Pick<TArtist, 'genre' | 'secondaryGenre' | 'artistType'>;
  size?: 'sm' | 'md' | 'lg';
  withSecondary?: boolean;
}) {
  return (
    <ul aria-label="Genre and act type" className="flex flex-wrap gap-2">
      <li>
        <Badge variant="soft" size={size}>
          <Music2 aria-hidden="true" />
          {artist.genre}
        </Badge>
      </li>
      {withSecondary && artist.secondaryGenre && (
        <li>
          <Badge variant="outline" size={size}>
            <Disc3 aria-hidden="true" />
            {artist.secondaryGenre}
          </Badge>
        </li>
      )}
      <li>
        <Badge variant="default" size={size}>
          <Mic2 aria-hidden="true" />
          {artist.artistType}
        </Badge>
      </li>
    </ul>
  );
}
