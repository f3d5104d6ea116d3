import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered via asChild, so pass a Button). */
  trigger?: ReactNode;
  /** Required: every dialog is announced by its title. */
  title: ReactNode;
  description?: ReactNode;
  /** Optional icon or art shown above the title. */
  icon?: ReactNode;
  children?: ReactNode;
  /** Action row (buttons); stacks on phones. */
  footer?: ReactNode;
  /** Hide the corner close button (e.g. when the footer must be used). */
  hideClose?: boolean;
  className?: string;
}

export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  icon,
  children,
  footer,
  hideClose = false,
  className,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in" />
        <DialogPrimitive.Content
          // Without a description Radix warns unless aria-describedby is explicitly cleared.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg flex-col overflow-y-auto',
            'rounded-3xl border border-border-strong bg-surface-raised p-6 shadow-raised sm:p-8',
            'data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in focus:outline-none',
            className,
          )}
        >
          {icon && <div className="mb-5 flex">{icon}</div>}
          <DialogPrimitive.Title className="pr-8 font-display text-2xl font-semibold tracking-tight">
            {title}
          </DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="mt-2 text-sm leading-relaxed text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          )}
          {children && <div className="mt-6">{children}</div>}
          {footer && <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>}
          {!hideClose && (
            <DialogPrimitive.Close
              aria-label="Close"
              className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-surface-overlay hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the surrounding Dialog when its child (a Button) is clicked. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <DialogPrimitive.Close asChild>{children}</DialogPrimitive.Close>;
}
