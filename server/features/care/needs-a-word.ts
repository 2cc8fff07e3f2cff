import { and, eq, gt, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { NeedsAWordRow, ReachedOutView } from '@shared/contracts/care';
import { dateInTimeZone, parseIsoDate } from '@shared/domain/calendar';
import { needsAWordReasons } from '@shared/domain/needs-a-word';
import { careReachOuts } from '@shared/schema/care';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { forbidden, notFound } from '../../http/errors';
import { notify } from '../notifications/service';
import { careCircleOf } from '../subgroups/care-circle';
import { communityDailyKeys } from '../tracking/disciplines';
import { communityToday } from '../tracking/member-streaks';
import { subgroupMemberSummaries, subgroupSummaries } from '../tracking/month-summaries';
import { caredSubgroups } from './care-scope';
import type { Reader } from '../notifications/words';

export const MEMBER_NOT_FOUND = apiMessage('Member not found.');
export const NOT_YOUR_MEMBER = apiMessage("Only the member's commander and admins can mark that they reached out.");
export const NOT_YOUR_MEMBER_NOTE = apiMessage("Only the member's commander and admins can send them a note.");
/** 'I've reached out' leaves a member out of 'Needs a word' for a week. */
export const REACH_OUT_HIDES_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * 'Needs a word' (issue 26): the members of the subgroups the caller leads (or, for admins, of the subgroup
 * asked for) with the reasons their month summaries give as of the community's today, those without one
 * left out. Reads the summaries of every member in one query, the subgroup in one more when asked for,
 * and the disciplines (mostly cached): the same number of queries whatever the subgroup's size.
 */
export function needsAWord(db: Executor, context: CommunityContext, subgroupId: string | undefined, now: Date): Promise<NeedsAWordRow[]> {
  return needsAWordAmong(db, context.community, now, (today) => membersToCareFor(db, context, subgroupId, today));
}

/** The rows of the subgroups `commanderId` leads, as they would see them (the weekly word counts them). */
export function needsAWordOfCommander(db: Executor, community: CommunityContext['community'], commanderId: string, now: Date): Promise<NeedsAWordRow[]> {
  return needsAWordAmong(db, community, now, (today) => subgroupSummaries(db, community, commanderId, today, parseIsoDate(today)));
}

type CaredFor = Awaited<ReturnType<typeof subgroupMemberSummaries>>[number];

async function needsAWordAmong(db: Executor, community: CommunityContext['community'], now: Date, readMembers: (today: string) => Promise<CaredFor[]>): Promise<NeedsAWordRow[]> {
  const today = communityToday(community, now);
  const [dailyKeys, members, reachedOut] = await Promise.all([communityDailyKeys(db, community), readMembers(today), recentlyReachedOut(db, community.id, now)]);
  const settings = { quietDays: community.quietDays, graceDays: community.graceDays, dailyCount: dailyKeys.length };
  const rows = members.flatMap(({ member, summary }) => {
    // An imported record awaiting its claim cannot check in: nobody to reach out to yet.
    if (member.isImported || reachedOut.has(member.id)) return [];
    const joinedOn = dateInTimeZone(member.joinedAt, community.timeZone);
    const reasons = needsAWordReasons(summary.months, today, joinedOn, settings);
    return reasons.length > 0 ? [{ userId: member.id, displayName: member.displayName, reasons }] : [];
  });
  return rows.sort((a, b) => a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }));
}

async function membersToCareFor(db: Executor, context: CommunityContext, subgroupId: string | undefined, today: string) {
  const { askedFor } = await caredSubgroups(db, context, subgroupId);
  if (!askedFor) return subgroupSummaries(db, context.community, context.userId, today, parseIsoDate(today));
  const members = await subgroupMemberSummaries(db, context.community.id, askedFor.id, today);
  return members.filter(({ member }) => member.id !== askedFor.commanderId);
}

/** The members someone reached out to in the last week, left out of the list. */
async function recentlyReachedOut(db: Executor, communityId: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ memberId: careReachOuts.memberId })
    .from(careReachOuts)
    .where(and(eq(careReachOuts.communityId, communityId), gt(careReachOuts.reachedAt, new Date(now.getTime() - REACH_OUT_HIDES_MS))));
  return new Set(rows.map((row) => row.memberId));
}

/**
 * The member must be in a subgroup the caller leads, or the caller an admin (never themselves); a member elsewhere
 * is 404. `refusal` says what the caller may not do.
 */
async function assertCaresFor(db: Executor, context: CommunityContext, memberId: string, refusal: string): Promise<void> {
  const circle = await careCircleOf(db, context, memberId);
  if (!circle.isMember) throw notFound(MEMBER_NOT_FOUND);
  if (!circle.inCircle || memberId === context.userId) throw forbidden(refusal);
}

async function recordReachOut(db: Executor, context: CommunityContext, memberId: string, now: Date): Promise<ReachedOutView> {
  await db
    .insert(careReachOuts)
    .values({ communityId: context.community.id, memberId, reachedBy: context.userId, reachedAt: now, reachedOn: communityToday(context.community, now) })
    .onConflictDoUpdate({ target: [careReachOuts.communityId, careReachOuts.memberId, careReachOuts.reachedOn], set: { reachedBy: sql`excluded.reached_by`, reachedAt: sql`excluded.reached_at` } });
  return { userId: memberId, hiddenUntil: new Date(now.getTime() + REACH_OUT_HIDES_MS).toISOString() };
}

/**
 * 'I've reached out': the member leaves 'Needs a word' for a week. Their commander (of the subgroup they are
 * in) or an admin marks it; a member of the community someone else leads is 403, anyone else 404.
 */
export async function markReachedOut(db: Executor, context: CommunityContext, memberId: string, now: Date): Promise<ReachedOutView> {
  await assertCaresFor(db, context, memberId, NOT_YOUR_MEMBER);
  return recordReachOut(db, context, memberId, now);
}

/**
 * A short note to a member who needs a word: a notification in the app with the note's text, and outside it
 * (e-mail, push, as the member chose for 'A word from my commander') only who it is from and a link to My
 * Subgroup, where they answer with a question or a meeting. Sending it counts as reaching out.
 */
export async function sendCareNote(db: Database, context: CommunityContext, sender: { id: string; displayName: string }, memberId: string, message: string, now: Date): Promise<ReachedOutView> {
  await assertCaresFor(db, context, memberId, NOT_YOUR_MEMBER_NOTE);
  const title = ({ t }: Reader) => t('A word from {name}', { name: sender.displayName });
  return db.transaction(async (tx) => {
    await notify(tx, {
      toUserId: memberId,
      fromUserId: sender.id,
      communityId: context.community.id,
      type: 'care_note',
      title,
      message,
      outside: { topic: 'care', headline: title, path: CARE_NOTE_PATH },
    });
    return recordReachOut(tx, context, memberId, now);
  });
}

/** Where a member reads and answers a note: My Subgroup, with its commander's two actions. */
export const CARE_NOTE_PATH = '/my-subgroup';
