import { type Discipline, targetKeysOf } from '@shared/domain/disciplines';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { notFound } from '../../http/errors';
import { careCircleOf } from '../subgroups/care-circle';
import { communityDisciplines } from './disciplines';

/**
 * Disciplines kept in secret (issue 26): every read of another member's tracking asks here which of the
 * community's disciplines to leave out, so a private discipline's days, streak and figures reach only the
 * member's care circle (careCircleOf).
 */

/**
 * The keys to leave out of `userId`'s tracking for the caller: none for themselves and their care circle,
 * the community's private disciplines for anyone else. A user who is not a member is 404, as before.
 */
export async function withheldFrom(db: Executor, context: CommunityContext, userId: string): Promise<string[]> {
  if (userId === context.userId) return [];
  const [disciplines, circle] = await Promise.all([communityDisciplines(db, context.community), careCircleOf(db, context, userId)]);
  if (!circle.isMember) throw notFound('Member not found.');
  return circle.inCircle ? [] : withheldKeysOf(disciplines);
}

/**
 * The keys the private disciplines' data is kept under: their own, and the target and monthly-goal keys
 * that speak of them. A member's targets and goals keep SPEC's keys ('bibleReading', 'prayerWalk') however
 * the community's templates are keyed ('bible_reading' from the wizard).
 */
export function withheldKeysOf(disciplines: readonly Discipline[]): string[] {
  // An alias that is another, shown discipline's own key stays shown: 'Fasting' kept in secret under the key
  // 'secret_fast' does not hide a shown template keyed 'fasting'.
  const shown = new Set(disciplines.filter((discipline) => !discipline.isPrivate).map((discipline) => discipline.key));
  const keys = disciplines.filter((discipline) => discipline.isPrivate).flatMap((discipline) => [discipline.key, ...targetKeysOf(discipline).filter((key) => !shown.has(key))]);
  return [...new Set(keys)];
}

/** `record` without the withheld keys (the same object when nothing is withheld). */
export function withoutKeys<T>(record: Record<string, T>, withheld: readonly string[]): Record<string, T> {
  if (withheld.length === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !withheld.includes(key)));
}
