import { Link } from '@tanstack/react-router';
import { BadgeCheck, Coins } from 'lucide-react';
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

interface EntryResultDialogProps {
  open: boolean;
  onClose: () => void;
  icon: ReactNode;
  title: string;
  description: string | undefined;
  /** The first button's content ('Add Another Artist'), which starts a fresh form. */
  another: ReactNode;
  onAnother: () => void;
  /** The list the second button opens, and that button's content. */
  viewTo: '/artists' | '/venues';
  view: ReactNode;
  children: ReactNode;
}

/** docs/product.md §2: the dialog after an add or a confirmation, with 'Add Another ...' and 'View ...'. */
export function EntryResultDialog({
  open,
  onClose,
  icon,
  title,
  description,
  another,
  onAnother,
  viewTo,
  view,
  children,
}: EntryResultDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      icon={<DialogIcon>{icon}</DialogIcon>}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onAnother}>
            {another}
          </Button>
          <Button asChild>
            <Link to={viewTo}>{view}</Link>
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
