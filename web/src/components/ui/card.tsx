import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export interface CardProps extends ComponentProps<'div'> {
  /** Lifts the card and highlights its border on hover (for clickable cards). */
  interactive?: boolean;
}

export function Card({ className, interactive = false, ...props }: CardProps) {
  return (
    <div
      className={cn(
        'relative flex flex-col rounded-3xl border border-border bg-surface text-foreground shadow-card',
        interactive &&
          'transition-[transform,border-color,box-shadow] duration-300 ease-out hover:-translate-y-0.5 hover:border-border-strong hover:shadow-raised',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-6 sm:p-7', className)} {...props} />;
}

export function CardTitle({ className, children, ...props }: ComponentProps<'h3'>) {
  // The text is passed through as children, so a title without any is visible in review (jsx-a11y).
  return (
    <h3 className={cn('font-display text-xl font-semibold tracking-tight', className)} {...props}>
      {children}
    </h3>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm leading-relaxed text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-6 pb-6 sm:px-7 sm:pb-7', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('mt-auto flex items-center gap-3 border-t border-border px-6 py-4 sm:px-7', className)}
      {...props}
    />
  );
}
