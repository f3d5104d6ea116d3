import { Link } from '@tanstack/react-router';
import { ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { CoverArt } from './cover-art';
import { voteCountLabel } from './format';

/**
 * Where a card's heart sits: above the stretched link, over the cover's corner from sm up; on a phone
 * at the end of the votes line, so the name keeps the card's whole width.
 */
export const CARD_FAVORITE_CLASS = 'absolute right-2 bottom-2 z-10 sm:top-3 sm:right-3 sm:bottom-auto';

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
 * it); the heart sits above that link as its own button, so the two are never nested. On a phone the
 * card is a row (a square cover beside the text), so a screen holds several: stacked with a 16:10
 * cover it was about 500 px tall, one and a half cards per screen (issue 25).
 */
export function EntryCard({ entry, to, favorite, subtitle, children }: EntryCardProps) {
  const title = (
    <h2 className="line-clamp-2 font-display text-lg leading-tight font-bold tracking-tight break-words sm:line-clamp-none sm:text-xl">
      <Link
        to={to}
        params={{ id: entry.id }}
        className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring sm:after:rounded-3xl"
      >
        {entry.name}
      </Link>
    </h2>
  );
  return (
    <Card
      interactive
      className="group h-full flex-row overflow-hidden rounded-2xl focus-within:border-border-strong sm:flex-col sm:rounded-3xl"
    >
      <CoverArt
        name={entry.name}
        imageUrl={entry.imageUrl}
        className="w-24 shrink-0 transition-transform duration-500 ease-out group-hover:scale-[1.03] sm:aspect-[16/10] sm:w-full"
      />
      {favorite}
      <div className="flex min-w-0 flex-1 flex-col gap-2 px-4 py-3.5 sm:gap-3 sm:p-5">
        {subtitle ? (
          <div>
            {title}
            {subtitle}
          </div>
        ) : (
          title
        )}
        {children}
        <p className="mt-auto flex min-h-10 items-center gap-1.5 pr-12 text-sm text-muted-foreground tabular-nums sm:min-h-0 sm:pt-1 sm:pr-0">
          <ThumbsUp aria-hidden="true" className="size-4 text-accent" />
          {voteCountLabel(entry.voteCount)}
        </p>
      </div>
    </Card>
  );
}
