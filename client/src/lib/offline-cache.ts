import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from './auth';
import { isServerUnreachable } from './reachability';

/**
 * When to keep, forget and restore the copy of what the app showed (offline-copy.ts, issue 24 item 7): saved a
 * moment after the cache changes while someone is signed in, deleted at once on signing out, restored when the
 * app starts offline. The copy's code (IndexedDB, dehydrate) downloads when first needed, not with the first screen.
 */
const SAVE_DELAY_MS = 1000;
const offlineCopy = () => import('./offline-copy');

export function startOfflineCache(queryClient: QueryClient): void {
  // React Query assumes a network until the browser says otherwise: started offline, its reads wait
  // (paused) for the network or for the data kept here, instead of failing as if signed out.
  onlineManager.setOnline(navigator.onLine);
  if (typeof indexedDB === 'undefined') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveSoon = () => {
    // At most one save per delay, however often the cache changes (a steady stream must not starve it).
    timer ??= setTimeout(() => {
      timer = undefined;
      saveNow();
    }, SAVE_DELAY_MS);
  };
  const saveNow = () => {
    const user = queryClient.getQueryData(USER_QUERY_KEY);
    if (user === null) {
      void offlineCopy().then(({ forgetOfflineCopy }) => forgetOfflineCopy(), () => undefined);
      return;
    }
    // Nobody known to be signed in (the server could not be reached, or has not answered yet), or the server
    // away: nothing new to keep, and an empty or partial copy must never replace a good one.
    if (user === undefined || isServerUnreachable()) return;
    void offlineCopy().then(({ keepOfflineCopy }) => keepOfflineCopy(queryClient), () => undefined);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    // Signed out: forget at once; otherwise save a moment after the changes settle.
    if (event.query.queryKey[0] === USER_QUERY_KEY[0] && queryClient.getQueryData(USER_QUERY_KEY) === null) {
      saveNow();
      return;
    }
    saveSoon();
  });
  if (!navigator.onLine) {
    void offlineCopy()
      .then(({ restoreOfflineCache }) => restoreOfflineCache(queryClient), () => null)
      .then((restored) => {
        if (restored === null) return;
        // What was restored never goes stale by itself (staleTime Infinity): read it all again once online.
        window.addEventListener('online', () => void queryClient.invalidateQueries(), { once: true });
      });
  }
}
