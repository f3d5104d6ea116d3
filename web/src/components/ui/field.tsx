import { CircleAlert } from 'lucide-react';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/**
 * Props a control inside a <Field> receives: its id (tied to the label), aria-describedby (help and
 * error) and aria-invalid. Explicit props on the control win.
 */
export function useFieldControlProps<
  P extends {
    id?: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
    required?: boolean;
  },
>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    required: props.required ?? (field.required || undefined),
  };
}

export interface FieldProps {
  label: ReactNode;
  /** Control id; generated when omitted. */
  id?: string;
  help?: ReactNode;
  /** Error text; marks the control aria-invalid and is announced. */
  error?: ReactNode;
  required?: boolean;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
  className?: string;
  /** One control: Input, Textarea or Select (they read the field context). */
  children: ReactNode;
}

export function Field({ label, id, help, error, required = false, optional = false, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const invalid = Boolean(error);

  return (
    <FieldContext.Provider
      value={{
        id: controlId,
        describedBy: [helpId, errorId].filter(Boolean).join(' ') || undefined,
        invalid,
        required,
      }}
    >
      <div className={cn('flex flex-col gap-2', className)}>
        <Label htmlFor={controlId}>
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-accent">
              *
            </span>
          )}
          {optional && <span className="ml-1.5 font-normal text-subtle-foreground">(optional)</span>}
        </Label>
        {children}
        {help && (
          <p id={helpId} className="text-sm text-muted-foreground">
            {help}
          </p>
        )}
        {error && (
          <p
            id={errorId}
            className="flex items-start gap-1.5 text-sm font-medium text-destructive-text animate-fade-in"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}
