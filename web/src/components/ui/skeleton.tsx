import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Placeholder shape while content loads; pair it with a Spinner or aria-busy region for screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-border-strong/50', className)} {...props} />
  );
}
