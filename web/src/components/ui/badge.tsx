import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva(
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border font-semibold transition-colors [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-border-strong bg-surface-overlay text-foreground',
        accent: 'border-accent bg-accent text-accent-foreground',
        soft: 'border-accent/30 bg-accent-soft text-accent',
        outline: 'border-border-strong bg-transparent text-muted-foreground',
        destructive: 'border-destructive-text/40 bg-destructive/15 text-destructive-text',
      },
      size: {
        sm: 'px-2 py-0.5 text-xs [&_svg]:size-3',
        md: 'px-3 py-1 text-xs [&_svg]:size-3.5',
        lg: 'px-3.5 py-1.5 text-sm [&_svg]:size-4',
      },
    },
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
