import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The frame of a signed-in page: a soft accent glow behind the top, the page container, an eyebrow
 * and the page's one h1, then the content.
 */
export function AppPage({
  eyebrow,
  title,
  intro,
  width = 'max-w-4xl',
  children,
}: {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  /** The content column's max width class. */
  width?: string;
  children: ReactNode;
}) {
  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-10 sm:py-14 lg:py-16">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[28rem] w-[52rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.08] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className={cn('mx-auto w-full', width)}>
          <p className="animate-rise text-sm font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
          <h1 className="mt-3 animate-rise text-4xl leading-[1.05] font-extrabold tracking-[-0.03em] [animation-delay:40ms] sm:text-5xl">
            {title}
          </h1>
          {intro && (
            <p className="mt-4 max-w-2xl animate-rise text-base leading-relaxed text-muted-foreground [animation-delay:80ms] sm:text-lg">
              {intro}
            </p>
          )}
          {children}
        </div>
      </div>
    </section>
  );
}
