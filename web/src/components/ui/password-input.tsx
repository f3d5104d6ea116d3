import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

export interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Controlled visibility; uncontrolled when omitted. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}

/** A password Input (use inside a Field) with a show/hide toggle. */
export function PasswordInput({ visible, onVisibleChange, className, ...props }: PasswordInputProps) {
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;

  function toggle() {
    setOwnVisible(!shown);
    onVisibleChange?.(!shown);
  }

  return (
    <div className={cn('relative', className)}>
      <Input type={shown ? 'text' : 'password'} className="pr-13" spellCheck={false} autoCapitalize="none" {...props} />
      <button
        type="button"
        onClick={toggle}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        className="absolute top-1/2 right-1.5 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-surface-overlay hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
      </button>
    </div>
  );
}
