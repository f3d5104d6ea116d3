import { Ticket } from 'lucide-react';
import { cn } from '@/lib/utils';
import { CODE_CLASSES } from '../lib/offer-format';

/** A redeemed code, big enough to read out at a door, with how to use it. */
export function CodeReveal({ code, howToUse, className }: { code: string; howToUse: string; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div className="rounded-2xl border border-accent/40 bg-[radial-gradient(120%_120%_at_100%_0%,rgb(198_244_50/0.16),transparent_60%)] bg-surface p-5 text-center">
        <p className="flex items-center justify-center gap-2 text-xs font-semibold tracking-[0.2em] text-accent uppercase">
          <Ticket aria-hidden="true" className="size-4" />
          Your code
        </p>
        <p
          role="status"
          aria-label="Your code"
          className={cn(CODE_CLASSES, 'mt-3 text-3xl text-foreground sm:text-4xl')}
          data-testid="redeemed-code"
        >
          {code}
        </p>
      </div>
      <div>
        <h3 className="text-sm font-semibold">How to use it</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{howToUse}</p>
        <p className="mt-2 text-xs text-subtle-foreground">
          We emailed it to you too. You find it any time under My codes.
        </p>
      </div>
    </div>
  );
}
