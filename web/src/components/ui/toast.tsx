import { CircleAlert, CircleCheck, X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { toast as sonner, Toaster as Sonner } from 'sonner';

/** docs/product.md §9: at most one toast visible, shown for 5000 ms unless told otherwise. */
const TOAST_VISIBLE_LIMIT = 1;
const TOAST_DEFAULT_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number;
}

/**
 * Shows a toast, replacing the one on screen: a newer message makes the older one moot, and it must
 * not come back when the newer one is dismissed. Callable from anywhere, including outside React.
 */
export function toast({ title, description, variant = 'default', duration }: ToastInput) {
  sonner.dismiss();
  const show = variant === 'destructive' ? sonner.error : sonner.success;
  return show(title, { description, duration });
}

/** Mount once in the app shell. Sonner, in the app's dark surfaces; `toast()` drives it. */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      visibleToasts={TOAST_VISIBLE_LIMIT}
      duration={TOAST_DEFAULT_DURATION_MS}
      closeButton
      containerAriaLabel="Notifications"
      style={{ '--width': '24rem' } as CSSProperties}
      icons={{
        success: <CircleCheck aria-hidden="true" className="size-5 text-accent" />,
        error: <CircleAlert aria-hidden="true" className="size-5 text-destructive-text" />,
        close: <X aria-hidden="true" className="size-4" />,
      }}
      // Unstyled: the classes below draw the toast. Sonner's dark theme still colours the description
      // and the close button with selectors that outrank a class, hence the few `!`s.
      toastOptions={{
        unstyled: true,
        closeButtonAriaLabel: 'Dismiss notification',
        classNames: {
          toast:
            'group pointer-events-auto flex w-(--width) items-start gap-3 rounded-2xl border p-4 pr-12 font-sans text-foreground shadow-raised',
          success: 'border-border-strong bg-surface-overlay',
          error: 'border-destructive-text/50 bg-[#2a0f12]',
          icon: 'mt-0.5 shrink-0',
          content: 'flex min-w-0 flex-col gap-1',
          title: 'text-sm font-semibold',
          description: 'text-sm text-muted-foreground!',
          closeButton:
            'absolute top-3 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-full bg-transparent! text-muted-foreground! transition-colors hover:bg-surface-raised! hover:text-foreground! focus-visible:outline-2 focus-visible:outline-ring',
        },
      }}
    />
  );
}
