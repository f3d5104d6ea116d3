import { Check } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'onChange'> {
  /** Visible label; clicking it toggles the box. */
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  onCheckedChange?: (checked: boolean) => void;
  onChange?: ComponentProps<'input'>['onChange'];
}

export function Checkbox({
  label,
  description,
  error,
  id,
  className,
  onCheckedChange,
  onChange,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `checkbox-${generatedId}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 flex size-5 shrink-0">
          <input
            id={inputId}
            type="checkbox"
            className={cn(
              'peer size-5 cursor-pointer appearance-none rounded-md border border-border-strong bg-surface shadow-card',
              'transition-colors duration-150 checked:border-accent checked:bg-accent hover:border-muted-foreground',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive-text',
            )}
            aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              onChange?.(event);
              onCheckedChange?.(event.target.checked);
            }}
            {...props}
          />
          <Check
            aria-hidden="true"
            strokeWidth={3}
            className="pointer-events-none absolute inset-0.5 size-4 scale-50 text-accent-foreground opacity-0 transition-[opacity,transform] duration-150 peer-checked:scale-100 peer-checked:opacity-100"
          />
        </span>
        <label htmlFor={inputId} className="cursor-pointer text-sm leading-6 text-foreground select-none">
          {label}
        </label>
      </div>
      {description && (
        <p id={descriptionId} className="pl-8 text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="pl-8 text-sm font-medium text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
