import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/utils';

/** A numbered progress bar: steps before `current` are done, `current` is the active one. */
export function Steps({ steps, current, label }: { steps: readonly string[]; current: number; label: string }) {
  return (
    <ol
      aria-label={label}
      style={{ '--steps': steps.length } as CSSProperties}
      className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(var(--steps),minmax(0,1fr))] sm:gap-0"
    >
      {steps.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className={cn(
              'relative flex items-center gap-2.5 rounded-2xl border px-3 py-2.5 sm:flex-col sm:items-start sm:gap-3 sm:rounded-none sm:border-0 sm:px-0 sm:py-0 sm:pr-4',
              active
                ? 'border-accent/40 bg-accent-soft sm:bg-transparent'
                : 'border-border bg-surface sm:bg-transparent',
            )}
          >
            <span className="flex items-center sm:w-full">
              <span
                className={cn(
                  'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold transition-colors sm:size-8 sm:text-sm',
                  done || active ? 'bg-accent text-accent-foreground' : 'bg-surface-overlay text-muted-foreground',
                  active && 'sm:ring-4 sm:ring-accent/20',
                )}
              >
                {done ? <Check aria-hidden="true" strokeWidth={3} className="size-4" /> : index + 1}
              </span>
              {index < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'ml-3 hidden h-0.5 flex-1 rounded-full sm:block',
                    done ? 'bg-accent' : 'bg-border-strong',
                  )}
                />
              )}
            </span>
            <span
              className={cn(
                'text-xs leading-snug font-semibold sm:text-sm',
                active ? 'text-accent sm:text-foreground' : 'text-muted-foreground',
              )}
            >
              {step}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
