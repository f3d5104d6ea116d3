import { BadgeCheck, CircleCheck, Sparkles, X } from 'lucide-react';
import { useId } from 'react';
import type { TArtistSearchResult } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { similarLabel } from '@/lib/catalog/format';

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

/** Spec §2 "Add artist": the possible duplicates of what the fan is typing, each with why it matched. */
export function SimilarArtists({ results, onConfirm, onLoad, onDismiss, loadingId }: SimilarArtistsProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="animate-fade-in rounded-2xl border border-accent/35 bg-accent-soft/60 p-4 sm:p-5"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-display text-base font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-accent" />
        {similarLabel(results.length, 'artist')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Is one of them the artist you mean? Confirming an artist already here earns Payola too.
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        {results.map((artist) => (
          <SimilarArtist
            key={artist.id}
            artist={artist}
            onConfirm={onConfirm}
            onLoad={onLoad}
            loading={loadingId === artist.id}
          />
        ))}
      </ul>
      <Button variant="ghost" size="sm" className="mt-3 -ml-2" onClick={onDismiss}>
        <X aria-hidden="true" />
        No, this is a different artist
      </Button>
    </section>
  );
}

function SimilarArtist({
  artist,
  onConfirm,
  onLoad,
  loading,
}: {
  artist: TArtistSearchResult;
  onConfirm: (artist: TArtistSearchResult) => void;
  onLoad: (artist: TArtistSearchResult) => void;
  loading: boolean;
}) {
  const nameId = useId();
  const genres = [artist.genre, artist.secondaryGenre].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-display text-lg font-semibold break-words">
          {artist.name}
        </p>
        <p className="text-sm text-muted-foreground">
          {genres} · {artist.artistType}
        </p>
        {(artist.matchReasons.length > 0 || artist.hasUserVerified) && (
          <ul aria-label="Why it matched" className="mt-2 flex flex-wrap gap-1.5">
            {artist.matchReasons.map((reason) => (
              <li key={reason}>
                <Badge variant="outline" size="sm">
                  <CircleCheck aria-hidden="true" />
                  {reason}
                </Badge>
              </li>
            ))}
            {artist.hasUserVerified && (
              <li>
                <Badge variant="soft" size="sm">
                  <BadgeCheck aria-hidden="true" />
                  Already verified by you
                </Badge>
              </li>
            )}
          </ul>
        )}
      </div>
      <Button
        variant={artist.hasUserVerified ? 'outline' : 'primary'}
        size="sm"
        className="self-start sm:self-center"
        aria-describedby={nameId}
        loading={loading}
        onClick={() => (artist.hasUserVerified ? onLoad(artist) : onConfirm(artist))}
      >
        {artist.hasUserVerified ? 'Load this artist' : 'Is this them?'}
      </Button>
    </li>
  );
}
