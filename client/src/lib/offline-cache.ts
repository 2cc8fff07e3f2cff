import { dehydrate, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { USER_QUERY_KEY } from './auth';

/**
 * The last data the app showed, kept in IndexedDB (issue 24 item 7): opened without a network, the app
 * shows it (and says it is offline) instead of empty screens. Restored only when the app starts offline, so
 * a network answer always wins; read again from the server once the network returns. Signing out (the
 * signed-in user becoming null) deletes it at once, so the next person on this device sees nothing of it.
 */
const CACHE_KEY = 'queries';
/** Bumped when the shape of what is kept changes. */
const CACHE_VERSION = 1;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1000;

interface SavedCache {
  version: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

let store: ReturnType<typeof createStore> | null = null;
const idb = () => (store ??= createStore('steadfast-cache', 'queries'));

export async function restoreOfflineCache(queryClient: QueryClient): Promise<boolean> {
  const saved = await get<SavedCache>(CACHE_KEY, idb()).catch(() => undefined);
  if (!saved || saved.version !== CACHE_VERSION || Date.now() - saved.savedAt > MAX_AGE_MS) return false;
  hydrate(queryClient, saved.state);
  return true;
}

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
    const signedOut = queryClient.getQueryData(USER_QUERY_KEY) === null;
    if (signedOut) {
      void del(CACHE_KEY, idb()).catch(() => undefined);
      return;
    }
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
    void set(CACHE_KEY, { version: CACHE_VERSION, savedAt: Date.now(), state } satisfies SavedCache, idb()).catch(() => undefined);
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
    void restoreOfflineCache(queryClient).then((restored) => {
      if (!restored) return;
      // What was restored never goes stale by itself (staleTime Infinity): read it all again once online.
      window.addEventListener('online', () => void queryClient.invalidateQueries(), { once: true });
    });
  }
}
