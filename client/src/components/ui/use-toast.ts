import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** SPEC.md section 9: only one toast at a time; a new one replaces the one on screen. */
export const TOAST_LIMIT = 1;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; defaults to TOAST_DURATION_MS through the provider. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function update(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string): void {
  update(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast. Callable from anywhere (mutation callbacks, effects), not only components. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++nextId);
  update([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The toasts shown now, for code outside React (tests). */
export function currentToasts(): readonly ToastItem[] {
  return toasts;
}

/** Clears every toast at once (tests call it between cases). */
export function resetToasts(): void {
  update([]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => toasts;

export function useToast() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}
