import type { Executor } from './client';

/**
 * A congregation's figures (a report's totals, the Overview's), kept for a short while by each server.
 * Adding up 2,000 members' summaries costs Postgres a few milliseconds a time: with every admin's refresh
 * paying it, a handful of admins would slow every member's check-in. So from CACHED_FROM_MEMBERS members
 * on, figures are reused while their `version` (the month's latest save, read by one index probe) is the
 * one they were added up after, for at most FRESH_FOR_MS: a check-in, an import or a restore shows at once,
 * a change of membership alone within half a minute. Smaller communities are always added up afresh.
 */
export const CACHED_FROM_MEMBERS = 200;
export const FRESH_FOR_MS = 30_000;
/** Entries kept per database, the oldest dropped first (a community, scope, month and disciplines each). */
const MAX_ENTRIES = 500;

const caches = new WeakMap<Executor, Map<string, { at: number; version: string; figures: unknown }>>();

/**
 * The figures under `key`: kept ones of the same version younger than FRESH_FOR_MS, else `compute`d, and
 * kept when they count (`membersOf`) at least CACHED_FROM_MEMBERS members.
 */
export async function congregationFigures<Figures>(
  db: Executor,
  key: string,
  version: string,
  now: Date,
  compute: () => Promise<Figures>,
  membersOf: (figures: Figures) => number,
): Promise<Figures> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const kept = cache.get(key);
  if (kept && kept.version === version && now.getTime() - kept.at < FRESH_FOR_MS && now.getTime() >= kept.at) return kept.figures as Figures;
  const figures = await compute();
  cache.delete(key);
  if (membersOf(figures) >= CACHED_FROM_MEMBERS) {
    cache.set(key, { at: now.getTime(), version, figures });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return figures;
}
