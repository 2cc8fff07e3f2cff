import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import type { PublicUser } from '@shared/contracts/auth';
import { USER_QUERY_KEY } from './auth';

/**
 * The kept copy itself (IndexedDB, and the query cache dehydrated), loaded on demand: offline-cache.ts decides
 * when to keep, forget or restore it, from the first bundle, which this module stays out of (issue 40 item 4).
 *
 * The last data the app showed, kept in IndexedDB (issue 24 item 7): opened without a network, the app
 * shows it (and says it is offline) instead of empty screens. Restored only when the app starts offline, so
 * a network answer always wins; read again from the server once the network returns. Signing out (the
 * signed-in user becoming null) deletes it at once, so the next person on this device sees nothing of it.
 */
const CACHE_KEY = 'queries';
/** Bumped when the shape of what is kept changes. */
const CACHE_VERSION = 1;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface SavedCache {
  version: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

let store: ReturnType<typeof createStore> | null = null;
const idb = () => (store ??= createStore('steadfast-cache', 'queries'));

/**
 * Puts the kept copy into the query cache; answers the signed-in user it was kept for (null when there is no
 * usable copy). Also used when the server cannot be reached at start (auth.tsx): the last screens, not a
 * sign-in form.
 */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<PublicUser | null> {
  if (typeof indexedDB === 'undefined') return null;
  const saved = await get<SavedCache>(CACHE_KEY, idb()).catch(() => undefined);
  if (!saved || saved.version !== CACHE_VERSION || Date.now() - saved.savedAt > MAX_AGE_MS) return null;
  const user = saved.state.queries.find((query) => query.queryKey[0] === USER_QUERY_KEY[0])?.state.data as PublicUser | null | undefined;
  if (!user) return null;
  hydrate(queryClient, saved.state);
  return user;
}

/** Writes what the app shows now as the kept copy (its successful reads). */
export function keepOfflineCopy(queryClient: QueryClient): Promise<void> {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
  return set(CACHE_KEY, { version: CACHE_VERSION, savedAt: Date.now(), state } satisfies SavedCache, idb()).catch(() => undefined);
}

/** Deletes the kept copy (signed out). */
export function forgetOfflineCopy(): Promise<void> {
  return del(CACHE_KEY, idb()).catch(() => undefined);
}
