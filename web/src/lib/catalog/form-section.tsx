import { Link } from '@tanstack/react-router';
import { ArrowLeft, BadgeCheck, RotateCcw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** The attributes of every link input (Link Hub, venue website and social rows): a URL, typed as is. */
export const LINK_INPUT_PROPS = {
  type: 'url',
  inputMode: 'url',
  autoComplete: 'off',
  spellCheck: false,
  autoCapitalize: 'none',
} as const;

/** A numbered section of the add-artist and add-venue forms, titled for assistive technology too. */
export function FormSection({
  number,
  title,
  description,
  aside,
  children,
}: {
  number: number;
  title: string;
  description: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="p-6 sm:p-7">
      <section aria-labelledby={headingId}>
        <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-start gap-4">
            <span
              aria-hidden="true"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-display text-lg font-extrabold text-accent-foreground shadow-glow"
            >
              {number}
            </span>
            <div>
              <h2 id={headingId} className="font-display text-2xl font-semibold tracking-tight">
                <span className="sr-only">{number}. </span>
                {title}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{description}</p>
            </div>
          </div>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** Above an add form: the way back to the list and, when adding another, 'Start Fresh' (docs/product.md §2). */
export function AddFormActions({
  backTo,
  backLabel,
  onStartFresh,
}: {
  backTo: '/artists' | '/venues';
  backLabel: string;
  /** Set in add-another mode only. */
  onStartFresh?: () => void;
}) {
  return (
    <div className="mt-6 flex animate-rise flex-wrap gap-3 [animation-delay:100ms]">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to={backTo}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
      {onStartFresh && (
        <Button variant="outline" onClick={onStartFresh}>
          <RotateCcw aria-hidden="true" />
          Start Fresh
        </Button>
      )}
    </div>
  );
}

/** Says that the form holds an entry already on file, loaded to be completed or changed. */
export function LoadedNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-accent/35 bg-accent-soft p-4 text-sm"
    >
      <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
      <p>{children}</p>
    </div>
  );
}
