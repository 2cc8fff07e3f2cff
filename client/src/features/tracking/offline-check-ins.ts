import { useSyncExternalStore } from 'react';
import { createStore, get, set } from 'idb-keyval';
import type { YearMonth } from '@shared/domain/calendar';
import { i18n } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { DayStatusChange } from './api';

/**
 * Check-ins made without a network (issue 24 item 7): kept in IndexedDB, so a reload or a closed tab loses
 * none, shown as waiting to sync, and sent in the order they were made once the network returns (the
 * server merges each cell). One the server refuses meanwhile (a month locked, a removal) stays listed with
 * the reason until the person dismisses it: nothing is dropped silently.
 */
export interface QueuedCheckIn {
  id: string;
  userId: string;
  communityId: string;
  change: DayStatusChange;
  queuedAt: string;
  /** Set when the server refused it: why. */
  refused?: string;
}

const STORE_KEY = 'check-ins';
let store: ReturnType<typeof createStore> | null = null;
const idb = () => (store ??= createStore('steadfast-check-ins', 'queue'));

let items: QueuedCheckIn[] = [];
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: QueuedCheckIn[]) {
  items = next;
  for (const listener of listeners) listener();
}

function load(): Promise<void> {
  loaded ??= get<QueuedCheckIn[]>(STORE_KEY, idb())
    .then((saved) => publish([...(saved ?? []), ...items.filter((item) => !saved?.some((stored) => stored.id === item.id))]))
    .catch(() => undefined);
  return loaded;
}

async function save(next: QueuedCheckIn[]): Promise<void> {
  publish(next);
  await set(STORE_KEY, next, idb());
}

const sameCell = (a: QueuedCheckIn, b: Pick<QueuedCheckIn, 'userId' | 'communityId' | 'change'>) =>
  a.userId === b.userId && a.communityId === b.communityId && a.change.year === b.change.year && a.change.month === b.change.month && a.change.key === b.change.key && a.change.day === b.change.day;

/** Keeps a check-in to send later; a newer choice for the same cell replaces a waiting one (and moves to the end). */
export async function queueCheckIn(userId: string, communityId: string, change: DayStatusChange): Promise<void> {
  await load();
  const item: QueuedCheckIn = { id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, userId, communityId, change, queuedAt: new Date().toISOString() };
  await save([...items.filter((queued) => queued.refused !== undefined || !sameCell(queued, item)), item]);
}

/** Whether a failed save means "no network" (fetch rejects with a TypeError), not a refusal. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine && !(error instanceof ApiError));

let syncing: Promise<{ saved: number; refused: number }> | null = null;

/**
 * Sends the waiting check-ins of `userId`, oldest first. Stops at the first network failure (still offline);
 * a refusal is kept with its reason and the next one is sent. Resolves with how many were saved and refused.
 */
export function syncCheckIns(userId: string, send: (item: QueuedCheckIn) => Promise<void>): Promise<{ saved: number; refused: number }> {
  syncing ??= (async () => {
    await load();
    let saved = 0;
    let refused = 0;
    for (const item of items.filter((queued) => queued.userId === userId && queued.refused === undefined)) {
      try {
        await send(item);
        saved += 1;
        await save(items.filter((queued) => queued.id !== item.id));
      } catch (error) {
        if (!(error instanceof ApiError)) break;
        refused += 1;
        await save(items.map((queued) => (queued.id === item.id ? { ...queued, refused: errorMessage(error, i18n.t('It was not saved.')) } : queued)));
      }
    }
    return { saved, refused };
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}

export async function dismissRefused(id: string): Promise<void> {
  await load();
  await save(items.filter((item) => item.id !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  void load();
  return () => listeners.delete(listener);
};

/** Every queued check-in (all users'): filter with the helpers below. */
export function useQueuedCheckIns(): readonly QueuedCheckIn[] {
  return useSyncExternalStore(subscribe, () => items);
}

/** The cells of one month still waiting to sync, as 'key:day'. */
export function waitingCells(queue: readonly QueuedCheckIn[], userId: string | null, communityId: string | null, period: YearMonth): ReadonlySet<string> {
  return new Set(
    queue
      .filter((item) => item.refused === undefined && item.userId === userId && item.communityId === communityId && item.change.year === period.year && item.change.month === period.month)
      .map((item) => `${item.change.key}:${item.change.day}`),
  );
}

/** Tests: forget everything (memory and IndexedDB). */
export async function resetQueuedCheckInsForTest(): Promise<void> {
  loaded = Promise.resolve();
  await save([]);
}
