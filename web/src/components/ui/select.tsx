import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { controlClasses } from './input';
import { useFieldControlProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentProps<'select'> {
  /** Rendered as <option>s after any children. */
  options?: readonly SelectOption[];
  /** Adds a first, empty option with this text (value ''). */
  placeholder?: string;
}

/** A styled native select: the platform picker is the most usable one on phones. */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  const controlProps = useFieldControlProps(props);
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlClasses, 'h-12 cursor-pointer appearance-none pr-11')} {...controlProps}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
