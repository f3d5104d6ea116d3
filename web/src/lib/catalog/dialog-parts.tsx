import { Link } from '@tanstack/react-router';
import { BadgeCheck, Coins, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
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

/** An entry on file as a dialog shows it: its name, then what the feature says about it. */
export function EntrySummary({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-4">
      <p className="font-display text-xl font-bold break-words">{name}</p>
      {children}
    </div>
  );
}

/** What confirming an entry earns this fan, under its summary. */
export function RewardNote({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-accent/30 bg-accent-soft p-4 text-sm">
      <Coins aria-hidden="true" className="size-6 shrink-0 text-accent" />
      <p>{children}</p>
    </div>
  );
}

interface SameEntryDialogProps {
  open: boolean;
  pending: boolean;
  title: string;
  description: string;
  /** 'No, different artist' / 'No, different venue'. */
  rejectLabel: string;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onReject: () => void;
  /** Escape or the close button; not while the confirmation is on its way. */
  onClose: () => void;
  /** The entry on file and its reward (nothing once the entry is gone). */
  children: ReactNode;
}

/** docs/product.md §2 'Is this the same artist?' / 'Confirm Duplicate': a possible duplicate, to confirm or reject. */
export function SameEntryDialog({
  open,
  pending,
  title,
  description,
  rejectLabel,
  confirmLabel,
  onConfirm,
  onReject,
  onClose,
  children,
}: SameEntryDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !pending && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onReject} disabled={pending}>
            {rejectLabel}
          </Button>
          <Button onClick={onConfirm} loading={pending} loadingText="Confirming...">
            <BadgeCheck aria-hidden="true" />
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children && <div className="flex flex-col gap-5">{children}</div>}
    </Dialog>
  );
}

/** What a page gives its result dialog: the result to show (null: closed) and its two ways out. */
export interface ResultDialogProps<T> {
  result: T | null;
  onClose: () => void;
  /** 'Add Another ...' / 'Verify Another Artist': back to a fresh form. */
  onAnother: () => void;
}

interface EntryResultDialogProps<T> extends ResultDialogProps<T> {
  icon: LucideIcon;
  title: string | ((result: T) => string);
  description: string | ((result: T) => string);
  /** The first button's icon and label ('Add Another Artist'). */
  another: [LucideIcon, string];
  /** The list the second button opens, and that button's content. */
  viewTo: '/artists' | '/venues';
  view: ReactNode;
  /** What was earned, for the result shown. */
  children: (result: T) => ReactNode;
}

/** docs/product.md §2: the dialog after an add or a confirmation, with 'Add Another ...' and 'View ...'. */
export function EntryResultDialog<T>({
  result: current,
  onClose,
  onAnother,
  icon: Icon,
  title,
  description,
  another: [AnotherIcon, anotherLabel],
  viewTo,
  view,
  children,
}: EntryResultDialogProps<T>) {
  // A closing dialog keeps showing its result while it animates out.
  const result = useLastShown(current);
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(next) => !next && onClose()}
      icon={
        <DialogIcon>
          <Icon aria-hidden="true" />
        </DialogIcon>
      }
      title={typeof title === 'string' ? title : result ? title(result) : ''}
      description={typeof description === 'string' ? description : result ? description(result) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onAnother}>
            <AnotherIcon aria-hidden="true" />
            {anotherLabel}
          </Button>
          <Button asChild>
            <Link to={viewTo}>{view}</Link>
          </Button>
        </>
      }
    >
      {result && children(result)}
    </Dialog>
  );
}
