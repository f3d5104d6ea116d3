import type { TArtistSearchResult } from '@app/contracts';
import { SimilarEntries } from '@/lib/catalog/similar-entries';

interface SimilarArtistsProps {
  results: readonly TArtistSearchResult[];
  /** 'Is this them?' */
  onConfirm: (artist: TArtistSearchResult) => void;
  /** 'Load this artist' (one this fan already verified). */
  onLoad: (artist: TArtistSearchResult) => void;
  /** 'No, this is a different artist'. */
  onDismiss: () => void;
  /** The artist whose stored links are being fetched. */
  loadingId: string | null;
}

/** docs/product.md §2 "Add artist": the possible duplicates of what the fan is typing, each with why it matched. */
export function SimilarArtists(props: SimilarArtistsProps) {
  return (
    <SimilarEntries
      {...props}
      noun="artist"
      confirmLabel="Is this them?"
      isMine={(artist) => artist.hasUserVerified}
      mineLabel={(artist) => (artist.hasUserVerified ? 'Already verified by you' : null)}
      describe={(artist) => (
        <p className="text-sm text-muted-foreground">
          {[artist.genre, artist.secondaryGenre].filter(Boolean).join(' · ')} · {artist.artistType}
        </p>
      )}
    />
  );
}
