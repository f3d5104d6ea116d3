import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Spec §2 "Create account": Create account -> Complete payment -> Identity verification (KYC) -> Access your profile. */
export const ONBOARDING_STEPS = [
  'Create account',
  'Complete payment',
  'Identity verification (KYC)',
  'Access your profile',
] as const;

export function OnboardingSteps({ current }: { current: number }) {
  return (
    <ol aria-label="Sign-up steps" className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-0">
      {ONBOARDING_STEPS.map((step, index) => {
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
              {index < ONBOARDING_STEPS.length - 1 && (
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
