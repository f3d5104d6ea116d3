import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface FocusedPageProps {
  /** Shown above the title in an accent tile. */
  icon?: ReactNode;
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** 'md' for short forms and status views, 'lg' for longer forms. */
  width?: 'md' | 'lg';
  align?: 'start' | 'center';
  children?: ReactNode;
}

/** A single-task page (sign in, sign up, password reset): one column under a soft accent glow. */
export function FocusedPage({
  icon,
  eyebrow,
  title,
  description,
  width = 'md',
  align = 'start',
  children,
}: FocusedPageProps) {
  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-10 sm:py-16 lg:py-20">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[30rem] w-[52rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.09] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className={cn('mx-auto w-full', width === 'md' ? 'max-w-md' : 'max-w-2xl')}>
          <div className={cn('mb-8 flex flex-col', align === 'center' ? 'items-center text-center' : 'items-start')}>
            {icon && (
              <span className="mb-6 inline-flex size-16 animate-rise items-center justify-center rounded-2xl bg-accent-soft text-accent ring-1 ring-accent/25 [&_svg]:size-8">
                {icon}
              </span>
            )}
            {eyebrow && (
              <p className="animate-rise text-sm font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
            )}
            <h1
              className={cn(
                'animate-rise text-4xl leading-[1.05] font-extrabold tracking-[-0.03em] [animation-delay:40ms] sm:text-5xl',
                eyebrow && 'mt-3',
              )}
            >
              {title}
            </h1>
            {description && (
              <p className="mt-4 animate-rise text-base leading-relaxed text-muted-foreground [animation-delay:80ms] sm:text-lg">
                {description}
              </p>
            )}
          </div>
          <div className="animate-rise [animation-delay:120ms]">{children}</div>
        </div>
      </div>
    </section>
  );
}
