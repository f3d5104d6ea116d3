import type { TArtist } from '@app/contracts';
import { FavoriteToggle, type FavoriteToggleProps } from '@/lib/catalog/favorite-toggle';
import { useFavoriteMutation } from '../api/artists';

export function FavoriteButton({
  artist,
  ...props
}: { artist: Pick<TArtist, 'id' | 'name' | 'userHasFavorited'> } & Pick<FavoriteToggleProps, 'variant' | 'className'>) {
  return <FavoriteToggle entry={artist} favorite={useFavoriteMutation(artist.id)} {...props} />;
}
