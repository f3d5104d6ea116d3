import { Link } from '@tanstack/react-router';
import { ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { CoverArt } from './cover-art';
import { voteCountLabel } from './format';

/** Where a card's heart sits: above the stretched link, in the cover's corner. */
export const CARD_FAVORITE_CLASS = 'absolute top-3 right-3 z-10';

interface EntryCardProps {
  entry: { id: string; name: string; imageUrl: string | null; voteCount: number };
  /** The profile the card opens. */
  to: '/artist/$id' | '/venue/$id';
  /** The heart (a FavoriteToggle placed with CARD_FAVORITE_CLASS). */
  favorite: ReactNode;
  /** A line under the name (the venue's place). */
  subtitle?: ReactNode;
  /** The badges. */
  children: ReactNode;
}

/**
 * One artist or venue in a grid. The whole card opens the profile (the name's link is stretched over
 * it); the heart sits above that link as its own button, so the two are never nested.
 */
export function EntryCard({ entry, to, favorite, subtitle, children }: EntryCardProps) {
  const title = (
    <h2 className="font-display text-xl leading-tight font-bold tracking-tight break-words">
      <Link
        to={to}
        params={{ id: entry.id }}
        className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-3xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
      >
        {entry.name}
      </Link>
    </h2>
  );
  return (
    <Card interactive className="group h-full overflow-hidden focus-within:border-border-strong">
      <CoverArt
        name={entry.name}
        imageUrl={entry.imageUrl}
        className="aspect-[16/10] w-full transition-transform duration-500 ease-out group-hover:scale-[1.03]"
      />
      {favorite}
      <div className="flex flex-1 flex-col gap-3 p-5">
        {subtitle ? (
          <div>
            {title}
            {subtitle}
          </div>
        ) : (
          title
        )}
        {children}
        <p className="mt-auto flex items-center gap-1.5 pt-1 text-sm text-muted-foreground tabular-nums">
          <ThumbsUp aria-hidden="true" className="size-4 text-accent" />
          {voteCountLabel(entry.voteCount)}
        </p>
      </div>
    </Card>
  );
}
