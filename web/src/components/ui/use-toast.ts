import { useSyncExternalStore, type ReactNode } from 'react';

/** Spec §9: at most one toast visible, shown for 5000 ms unless told otherwise. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
const REMOVE_AFTER_CLOSE_MS = 300;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
const listeners = new Set<Listener>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return toasts;
}

export function dismissToast(id?: string) {
  emit(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  // Keep closed toasts mounted long enough for the exit animation.
  setTimeout(() => {
    emit(toasts.filter((item) => item.open || (id !== undefined && item.id !== id)));
  }, REMOVE_AFTER_CLOSE_MS);
}

/** Show a toast (replacing the visible one). Callable from anywhere, including outside React. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<ToastInput>) => emit(toasts.map((item) => (item.id === id ? { ...item, ...patch } : item))),
  };
}

export function useToast() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}
