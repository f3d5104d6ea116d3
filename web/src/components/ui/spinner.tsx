import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export interface SpinnerProps {
  /** Announced to screen readers. */
  label?: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** A status region with a visually hidden label; place it where the loading content will appear. */
export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden="true" className={cn('animate-spin', sizes[size])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for a whole page or panel. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-accent">
      <Spinner label={label} size="lg" />
    </div>
  );
}
