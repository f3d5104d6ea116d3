import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

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
