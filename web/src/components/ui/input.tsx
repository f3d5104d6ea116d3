import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useFieldControlProps } from './field';

export const controlClasses = cn(
  'w-full rounded-xl border border-input bg-surface px-4 text-base text-foreground shadow-card sm:text-sm',
  'placeholder:text-subtle-foreground transition-[border-color,box-shadow,background-color] duration-150',
  'hover:border-border-strong focus-visible:border-accent focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent/20',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive-text aria-invalid:focus-visible:ring-destructive-text/20',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  const controlProps = useFieldControlProps(props);
  return <input type={type} className={cn(controlClasses, 'h-12', className)} {...controlProps} />;
}
