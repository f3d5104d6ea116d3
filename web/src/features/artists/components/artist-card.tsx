import { Link } from '@tanstack/react-router';
import { ThumbsUp } from 'lucide-react';
import type { TArtist } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { voteCountLabel } from '@/lib/catalog/format';
import { CoverArt } from '@/lib/catalog/cover-art';
import { ArtistBadges } from './artist-badges';
import { FavoriteButton } from './favorite-button';

/**
 * One artist in a grid. The whole card opens the profile (the name's link is stretched over it); the
 * heart sits above that link as its own button, so the two are never nested.
 */
export function ArtistCard({ artist }: { artist: TArtist }) {
  return (
    <Card interactive className="group h-full overflow-hidden focus-within:border-border-strong">
      <CoverArt
        name={artist.name}
        imageUrl={artist.imageUrl}
        className="aspect-[16/10] w-full transition-transform duration-500 ease-out group-hover:scale-[1.03]"
      />
      <FavoriteButton artist={artist} className="absolute top-3 right-3 z-10" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="font-display text-xl leading-tight font-bold tracking-tight break-words">
          <Link
            to="/artist/$id"
            params={{ id: artist.id }}
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-3xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {artist.name}
          </Link>
        </h2>
        <ArtistBadges artist={artist} size="sm" withSecondary={false} />
        <p className="mt-auto flex items-center gap-1.5 pt-1 text-sm text-muted-foreground tabular-nums">
          <ThumbsUp aria-hidden="true" className="size-4 text-accent" />
          {voteCountLabel(artist.voteCount)}
        </p>
      </div>
    </Card>
  );
}
