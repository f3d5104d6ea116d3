import { Heart } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { AppPage } from '@/components/ui/app-page';
import { Skeleton } from '@/components/ui/skeleton';
import { favoriteCountLabel } from './format';

export interface FavoritesSection {
  title: string;
  /** How many this section holds (undefined while its count loads or when it could not load). */
  count: number | undefined;
  /** The section's grid, with its own empty state. */
  content: ReactNode;
}

/**
 * docs/product.md §2 "Favorites (/favorites)": 'My Favorites', the count of everything hearted, then a
 * section per kind of entry (artists, venues), each with its own grid and empty state. The sections come
 * from the route, since the artist and venue features never import each other.
 */
export function FavoritesPage({ sections, pending }: { sections: FavoritesSection[]; pending: boolean }) {
  const counts = sections.flatMap((section) => (section.count === undefined ? [] : [section.count]));
  const total = counts.length === sections.length ? counts.reduce((sum, count) => sum + count, 0) : undefined;
  return (
    <AppPage eyebrow="Collection" title="My Favorites" width="max-w-6xl">
      <div className="mt-4 flex min-h-7 animate-rise items-center gap-2 text-muted-foreground [animation-delay:80ms]">
        <Heart aria-hidden="true" className="size-5 fill-accent text-accent" />
        {total !== undefined ? (
          <p aria-live="polite" className="text-base font-medium sm:text-lg">
            {favoriteCountLabel(total)}
          </p>
        ) : pending ? (
          <Skeleton className="h-5 w-24" />
        ) : null}
      </div>
      {sections.map((section, index) => (
        <Section key={section.title} section={section} delay={120 + index * 40} />
      ))}
    </AppPage>
  );
}

function Section({ section, delay }: { section: FavoritesSection; delay: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10 animate-rise" style={{ animationDelay: `${delay}ms` }}>
      <h2 id={headingId} className="mb-5 flex items-baseline gap-3 font-display text-2xl font-bold tracking-tight">
        {section.title}
        {section.count !== undefined && (
          <span className="text-base font-semibold text-muted-foreground tabular-nums">
            <span className="sr-only">: </span>
            {section.count.toLocaleString('en-US')}
          </span>
        )}
      </h2>
      {section.content}
    </section>
  );
}
