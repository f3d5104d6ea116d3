import { Coins } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatPayola } from './format';

/** The last non-null value: a closing dialog keeps showing its content while it animates out. */
export function useLastShown<T>(value: T | null): T | null {
  const [shown, setShown] = useState(value);
  if (value !== null && value !== shown) setShown(value);
  return value ?? shown;
}

export function DialogIcon({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground shadow-glow [&_svg]:size-7">
      {children}
    </span>
  );
}

export function PayolaEarned({ amount, children }: { amount: number; children?: ReactNode }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-accent/30 bg-accent-soft p-4">
      <Coins aria-hidden="true" className="size-8 shrink-0 text-accent" />
      <div>
        <p className="font-display text-3xl font-extrabold text-accent tabular-nums">+{formatPayola(amount)}</p>
        <p className="text-sm font-medium">Payola earned</p>
        {children}
      </div>
    </div>
  );
}
