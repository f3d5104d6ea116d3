import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { TOAST_DEFAULT_DURATION_MS, useToast } from './use-toast';

/** Mount once in the app shell; `toast()` / `useToast()` drive it. */
export function Toaster() {
  const { toasts, dismiss } = useToast();

  return (
    <ToastPrimitive.Provider duration={TOAST_DEFAULT_DURATION_MS} swipeDirection="right" label="Notification">
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const destructive = variant === 'destructive';
        const Icon = destructive ? CircleAlert : CircleCheck;
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            duration={duration}
            type={destructive ? 'foreground' : 'background'}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-12 shadow-raised',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
              destructive
                ? 'border-destructive-text/50 bg-[#2a0f12] text-foreground'
                : 'border-border-strong bg-surface-overlay text-foreground',
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn('mt-0.5 size-5 shrink-0', destructive ? 'text-destructive-text' : 'text-accent')}
            />
            <div className="flex min-w-0 flex-col gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
              {description && (
                <ToastPrimitive.Description className="text-sm text-muted-foreground">
                  {description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss notification"
              className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-surface-raised hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-100 flex w-full max-w-md flex-col gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none sm:right-4 sm:bottom-4" />
    </ToastPrimitive.Provider>
  );
}
