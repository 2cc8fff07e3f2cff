import type { MemberCompletion } from '@shared/contracts/reports';
import type { Executor } from '../../db/client';
import type { ScopeTotals } from './scope-figures';

/**
 * A congregation's report figures, kept for a short while by each server. Adding up 2,000 members'
 * summaries costs Postgres a few milliseconds a time: with every admin's refresh paying it, a handful of
 * admins would slow every member's check-in. So from CACHED_FROM_MEMBERS members on, a scope's totals and
 * first page are reused while the month's latest save (`version`, one index probe) is the one they were
 * added up after, for at most FRESH_FOR_MS: a check-in, an import or a restore shows at once, a change of
 * membership alone within half a minute. Smaller scopes are always added up afresh.
 */
export const CACHED_FROM_MEMBERS = 200;
export const FRESH_FOR_MS = 30_000;
/** Entries kept per database, the oldest dropped first (a community, scope, month and disciplines each). */
const MAX_ENTRIES = 500;

export interface ScopeFigures {
  totals: ScopeTotals;
  page: { members: MemberCompletion[]; nextCursor: string | null };
}

const caches = new WeakMap<Executor, Map<string, { at: number; version: string; figures: ScopeFigures }>>();

/** The scope's figures: kept ones of the same version younger than FRESH_FOR_MS, else `compute`d (and kept when the scope is large). */
export async function congregationFigures(db: Executor, key: string, version: string, now: Date, compute: () => Promise<ScopeFigures>): Promise<ScopeFigures> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const kept = cache.get(key);
  if (kept && kept.version === version && now.getTime() - kept.at < FRESH_FOR_MS && now.getTime() >= kept.at) return kept.figures;
  const figures = await compute();
  cache.delete(key);
  if (figures.totals.members >= CACHED_FROM_MEMBERS) {
    cache.set(key, { at: now.getTime(), version, figures });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return figures;
}
