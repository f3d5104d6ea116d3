import { APP_NAME } from '@/lib/config';
import { cn } from '@/lib/utils';

/** The mark (an equaliser in the accent tile) and the wordmark. Decorative: the surrounding link names it. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" className="size-9 shrink-0 rounded-[10px] shadow-glow">
        <rect width="32" height="32" rx="9" className="fill-accent" />
        <g className="fill-accent-foreground">
          <rect x="7" y="13" width="3" height="6" rx="1.5" />
          <rect x="12" y="8" width="3" height="16" rx="1.5" />
          <rect x="17" y="11" width="3" height="10" rx="1.5" />
          <rect x="22" y="14" width="3" height="4" rx="1.5" />
        </g>
      </svg>
      <span className="font-display text-xl font-bold tracking-tight text-foreground">{APP_NAME}</span>
    </span>
  );
}
