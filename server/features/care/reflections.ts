import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { apiMessage } from '@shared/domain/messages';
import type { ReflectionView } from '@shared/contracts/care';
import { parseIsoDate } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { reflections } from '@shared/schema/care';
import { memberships, subgroups } from '@shared/schema/communities';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { notify } from '../notifications/service';
import { careCircleOf } from '../subgroups/care-circle';
import { communityToday } from '../tracking/member-streaks';
import { caredSubgroups } from './care-scope';
import { type Reader } from '../notifications/words';
import { intlLocaleOf, type Locale } from '@shared/domain/locales';

export const REFLECTION_NOT_FOUND = apiMessage('Reflection not found.');
export const MONTH_NOT_ENDED = apiMessage('A reflection looks back on a month that has ended.');
export const ALREADY_ACKNOWLEDGED = apiMessage('Your commander has read this reflection; it can no longer be changed.');
export const ACKNOWLEDGED_ONCE = apiMessage('This reflection has been acknowledged already.');
export const MEMBERS_ONLY = apiMessage('Only members of the community write reflections.');

/**
 * A new reflection on one of the last few months is news to the commander; one written on an older month
 * (catching up on history) waits quietly on My Subgroup, so no one can fill a commander's bell and inbox
 * by writing on every month there ever was.
 */
export const ANNOUNCED_MONTHS = 2;

interface Month {
  month: number;
  year: number;
}

const acknowledger = alias(users, 'acknowledger');

/** Reflections with their author's and acknowledger's names, narrowed by `where`. */
function reflectionRows(db: Executor) {
  return db
    .select({
      id: reflections.id,
      userId: reflections.userId,
      displayName: users.displayName,
      month: reflections.month,
      year: reflections.year,
      helped: reflections.helped,
      hard: reflections.hard,
      prayerRequest: reflections.prayerRequest,
      acknowledgedAt: reflections.acknowledgedAt,
      acknowledgedByName: acknowledger.displayName,
      reply: reflections.reply,
      updatedAt: reflections.updatedAt,
    })
    .from(reflections)
    .innerJoin(users, eq(users.id, reflections.userId))
    .leftJoin(acknowledger, eq(acknowledger.id, reflections.acknowledgedBy))
    .$dynamic();
}

type ReflectionRow = Awaited<ReturnType<ReturnType<typeof reflectionRows>['execute']>>[number];

const toView = (row: ReflectionRow): ReflectionView => ({ ...row, acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString() });

/** Whether the caller may read `userId`'s reflections: a member's care circle (their own, their commander's, an admin's). */
const mayReadOf = async (db: Executor, context: CommunityContext, userId: string) => (await careCircleOf(db, context, userId)).inCircle;

/**
 * PUT …/reflections: writes the caller's own reflection on a month that has ended (in the community's
 * zone), until their commander acknowledges it (then 409).
 */
export async function writeReflection(
  db: Database,
  context: CommunityContext,
  input: Month & { helped: string | null; hard: string | null; prayerRequest: string | null },
  now: Date,
): Promise<ReflectionView> {
  if (!context.membership) throw forbidden(MEMBERS_ONLY);
  const today = parseIsoDate(communityToday(context.community, now));
  const monthsAgo = today.year * 12 + today.month - (input.year * 12 + input.month);
  if (monthsAgo < 1) throw badRequest(MONTH_NOT_ENDED, { month: MONTH_NOT_ENDED });
  const texts = { helped: input.helped, hard: input.hard, prayerRequest: input.prayerRequest };
  const id = await db.transaction(async (tx) => {
    const [written] = await tx
      .insert(reflections)
      .values({ communityId: context.community.id, userId: context.userId, year: input.year, month: input.month, ...texts })
      .onConflictDoUpdate({
        target: [reflections.communityId, reflections.userId, reflections.year, reflections.month],
        set: { ...texts, updatedAt: now },
        // An acknowledged reflection stays as it was read.
        setWhere: sql`${reflections.acknowledgedAt} IS NULL`,
      })
      // xmax is 0 on a row this statement inserted, not on one it updated: only a new reflection is announced.
      .returning({ id: reflections.id, isNew: sql<boolean>`(xmax = 0)` });
    if (!written) throw conflict(ALREADY_ACKNOWLEDGED);
    if (written.isNew && monthsAgo <= ANNOUNCED_MONTHS) await tellCommander(tx, context, input);
    return written.id;
  });
  const [row] = await reflectionRows(db).where(eq(reflections.id, id));
  return toView(row!);
}

/** 'November 2026': how a notification names a reflection's month. */
export const monthName = ({ year, month }: Month, locale: Locale = 'en') =>
  new Date(Date.UTC(year, month - 1, 15)).toLocaleString(intlLocaleOf(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A new reflection reaches the commander of the writer's subgroup as a notification: who and which month, never what it says. */
async function tellCommander(tx: Executor, context: CommunityContext, period: Month): Promise<void> {
  const subgroupId = context.membership?.subgroupId;
  if (!subgroupId) return;
  const [subgroup] = await tx.select({ commanderId: subgroups.commanderId }).from(subgroups).where(eq(subgroups.id, subgroupId));
  if (!subgroup?.commanderId || subgroup.commanderId === context.userId) return;
  const [writer] = await tx.select({ displayName: users.displayName }).from(users).where(eq(users.id, context.userId));
  const title = ({ t, locale }: Reader) => t('{name} wrote a reflection on {month}', { name: writer?.displayName ?? t('A member'), month: monthName(period, locale) });
  await notify(tx, {
    toUserId: subgroup.commanderId,
    fromUserId: context.userId,
    communityId: context.community.id,
    type: 'reflection',
    title,
    message: ({ t }) => t('Read it and reply on My Subgroup.'),
    outside: { topic: 'questions', headline: title, path: '/my-subgroup' },
  });
}

/** GET …/reflections: the caller's own for the month, or a member's to their commander and admins (anyone else 404); null when none. */
export async function readReflection(db: Executor, context: CommunityContext, query: Month & { userId?: string | undefined }): Promise<ReflectionView | null> {
  const userId = query.userId ?? context.userId;
  if (!(await mayReadOf(db, context, userId))) throw notFound(REFLECTION_NOT_FOUND);
  const [row] = await reflectionRows(db).where(
    and(eq(reflections.communityId, context.community.id), eq(reflections.userId, userId), eq(reflections.year, query.year), eq(reflections.month, query.month)),
  );
  return row ? toView(row) : null;
}

/** GET …/reflections/subgroup: the month's reflections of the members of the subgroups the caller leads (admins: `subgroupId`), by name. */
export async function subgroupReflections(db: Executor, context: CommunityContext, query: Month & { subgroupId?: string | undefined }): Promise<ReflectionView[]> {
  const { condition: inSubgroups } = await caredSubgroups(db, context, query.subgroupId);
  const rows = await reflectionRows(db)
    .innerJoin(memberships, and(eq(memberships.communityId, reflections.communityId), eq(memberships.userId, reflections.userId)))
    .innerJoin(subgroups, eq(subgroups.id, memberships.subgroupId))
    .where(and(eq(reflections.communityId, context.community.id), eq(reflections.year, query.year), eq(reflections.month, query.month), inSubgroups))
    .orderBy(asc(sql`lower(${users.displayName})`));
  return rows.filter((row) => row.userId !== context.userId).map(toView);
}

/**
 * POST …/reflections/{id}/acknowledge: the author's commander or an admin replies once; anyone else 404. The
 * author is told in the same transaction: who replied and to which month, never the reply.
 */
export async function acknowledgeReflection(db: Database, context: CommunityContext, reflectionId: string, reply: string, now: Date): Promise<ReflectionView> {
  const [found] = await db
    .select({ userId: reflections.userId, acknowledgedAt: reflections.acknowledgedAt })
    .from(reflections)
    .where(and(eq(reflections.id, reflectionId), eq(reflections.communityId, context.community.id)));
  if (!found || found.userId === context.userId || !(await mayReadOf(db, context, found.userId))) throw notFound(REFLECTION_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reflections)
      .set({ acknowledgedAt: now, acknowledgedBy: context.userId, reply })
      .where(and(eq(reflections.id, reflectionId), sql`${reflections.acknowledgedAt} IS NULL`))
      .returning({ userId: reflections.userId, year: reflections.year, month: reflections.month });
    if (!updated) throw conflict(ACKNOWLEDGED_ONCE);
    const [replier] = await tx.select({ displayName: users.displayName }).from(users).where(eq(users.id, context.userId));
    const title = ({ t, locale }: Reader) => t('{name} replied to your reflection on {month}', { name: replier?.displayName ?? t('Your commander'), month: monthName(updated, locale) });
    await notify(tx, {
      toUserId: updated.userId,
      fromUserId: context.userId,
      communityId: context.community.id,
      type: 'reflection_reply',
      title,
      message: ({ t }) => t('Read the reply beside that month on My Tracking.'),
      outside: { topic: 'answers', headline: title, path: '/tracking' },
    });
  });
  const [row] = await reflectionRows(db).where(eq(reflections.id, reflectionId));
  return toView(row!);
}
