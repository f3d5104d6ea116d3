import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface EmptyStateProps {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A way forward (buttons or links). */
  children?: ReactNode;
  /** The heading level of the title, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** A designed "nothing here yet" panel: an icon tile, a title, a hint and a way forward. */
export function EmptyState({ icon, title, description, children, headingLevel = 'h2', className }: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        'flex animate-fade-in flex-col items-center gap-3 rounded-3xl border border-dashed border-border-strong bg-surface/60 px-6 py-14 text-center sm:py-16',
        className,
      )}
    >
      <span className="mb-2 inline-flex size-14 items-center justify-center rounded-2xl bg-surface-overlay text-accent [&_svg]:size-7">
        {icon}
      </span>
      <Heading className="font-display text-xl font-semibold tracking-tight">{title}</Heading>
      {description && <p className="max-w-sm text-sm leading-relaxed text-muted-foreground">{description}</p>}
      {children && <div className="mt-3 flex flex-col gap-3 sm:flex-row">{children}</div>}
    </div>
  );
}
