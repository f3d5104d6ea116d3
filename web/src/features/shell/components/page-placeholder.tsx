import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';

interface PagePlaceholderProps {
  title: string;
  eyebrow?: string;
  description?: ReactNode;
}

/** A page whose content arrives in a later release: its heading in the app layout and a clear note. */
export function PagePlaceholder({ title, eyebrow, description }: PagePlaceholderProps) {
  return (
    <section className="container-page flex flex-1 flex-col py-12 sm:py-16 lg:py-20">
      {eyebrow && (
        <p className="animate-rise text-sm font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
      )}
      <h1 className="mt-3 animate-rise text-4xl font-extrabold tracking-[-0.03em] [animation-delay:40ms] sm:text-6xl">
        {title}
      </h1>
      {description && (
        <p className="mt-4 max-w-2xl animate-rise text-base text-muted-foreground [animation-delay:80ms] sm:text-lg">
          {description}
        </p>
      )}
      <div className="mt-10 flex animate-rise flex-col items-center justify-center gap-4 rounded-3xl border border-dashed border-border-strong bg-surface/60 px-6 py-16 text-center [animation-delay:120ms] sm:py-20">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-surface-overlay text-accent">
          <Hammer aria-hidden="true" className="size-7" />
        </span>
        <p className="font-display text-xl font-semibold">Coming soon</p>
        <p className="max-w-sm text-sm text-muted-foreground">We're tuning up this page. Check back shortly.</p>
      </div>
    </section>
  );
}
