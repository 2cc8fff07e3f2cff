import { useSyncExternalStore } from 'react';

/**
 * The service worker's registration (client/src/sw.ts, issue 24): after the first screen has loaded and the
 * browser is idle, so it never competes with the first paint; workbox-window comes with it, not in the
 * first bundle. A new version waits: `useUpdateReady` offers 'Reload to update' instead of switching under
 * the person's feet.
 */
let reloadToUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function announceUpdate(reload: () => void) {
  reloadToUpdate = reload;
  for (const listener of listeners) listener();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () =>
      announceUpdate(() => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      }),
    );
    await workbox.register();
  };
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => void start(), { timeout: 5000 }) : setTimeout(() => void start(), 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** The reload that switches to the waiting version, or null while there is none. */
export function useUpdateReady(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reloadToUpdate,
  );
}

/** Tests: a waiting version, as the worker would announce it. */
export const announceUpdateForTest = announceUpdate;
