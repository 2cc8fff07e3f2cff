import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { apiMessage } from '@shared/domain/messages';
import { intlLocaleOf } from '@shared/domain/locales';
import { type AvailabilityBody, type CreateMeetingBody, MEETING_LIST_LIMIT, type MeetingStatus, type MeetingView, type RescheduleMeetingBody } from '@shared/contracts/meetings';
import { addDays, type IsoDate, wallClockInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { type AvailabilityWindow, freeSlots, MEETING_LENGTH_MINUTES, MEETING_SLOTS, withinAvailability } from '@shared/domain/meetings';
import { atLeast, isAdmin } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import { commanderAvailability, meetings } from '@shared/schema/meetings';
import { questions } from '@shared/schema/questions';
import type { Database, Executor } from '../../db/client';
import { type CommunityContext, standingOfUser } from '../../http/community-context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { OutsideDelivery } from '../notifications/delivery';
import { notify } from '../notifications/service';
import { type Reader } from '../notifications/words';
import { NO_COMMANDER_MESSAGE } from '../questions/service';

export const MEETING_NOT_FOUND = apiMessage('Meeting not found.');
export const DOUBLE_BOOKED_MESSAGE = apiMessage('Your commander already has a meeting at that time. Please choose another time.');
export const OWN_DOUBLE_BOOKED_MESSAGE = apiMessage('You already have a meeting at that time. Please choose another time.');
export const OTHERS_DOUBLE_BOOKED_MESSAGE = apiMessage('The commander already has a meeting at that time. Please choose another time.');
export const OUTSIDE_HOURS_MESSAGE = apiMessage("That time is outside the commander's office hours. Please choose one of the times offered.");
export const PAST_TIME_MESSAGE = apiMessage('Choose a time in the future.');
export const SLOT_MESSAGE = apiMessage('Choose one of the offered times: an hour starting at one of the meeting slots.');
export const OUTSIDE_LED_SUBGROUPS_MESSAGE = apiMessage('You can schedule meetings only with members of the subgroups you lead.');
export const COMMANDER_NOT_FOUND = apiMessage('Commander not found.');
/** A member's request names no place: the commander sets it (SPEC.md section 9), so no member-chosen link reaches their card. */
export const REQUESTED_LOCATION = 'TBD';

/**
 * A member books the SPEC.md slots only (an hour from 09:00, 10:00, ... in the community's time zone), as the
 * request dialog offers; a commander or admin scheduling a meeting may choose any time.
 */
function assertMemberSlot(time: { startsAt: Date; endsAt: Date }, timeZone: string) {
  const start = wallClockInTimeZone(time.startsAt, timeZone).time;
  const minutes = (time.endsAt.getTime() - time.startsAt.getTime()) / 60_000;
  if (!(MEETING_SLOTS as readonly string[]).includes(start) || minutes !== MEETING_LENGTH_MINUTES) throw badRequest(SLOT_MESSAGE, { startsAt: SLOT_MESSAGE });
}

const member = alias(users, 'meeting_member');
const commander = alias(users, 'meeting_commander');

const meetingColumns = {
  id: meetings.id,
  communityId: meetings.communityId,
  subgroupId: meetings.subgroupId,
  memberId: meetings.memberId,
  memberName: member.displayName,
  commanderId: meetings.commanderId,
  commanderName: commander.displayName,
  questionId: meetings.questionId,
  startsAt: meetings.startsAt,
  endsAt: meetings.endsAt,
  location: meetings.location,
  notes: meetings.notes,
  outcome: meetings.outcome,
  sequence: meetings.sequence,
  cancelledAt: meetings.cancelledAt,
  createdAt: meetings.createdAt,
};

type MeetingRow = { startsAt: Date; endsAt: Date; createdAt: Date; cancelledAt: Date | null } & Omit<MeetingView, 'startsAt' | 'endsAt' | 'createdAt' | 'cancelledAt' | 'status'>;

/** A meeting is Upcoming until it ends (not merely until it starts), then Past; a cancelled one is Cancelled. */
export const meetingStatus = (meeting: { endsAt: Date; cancelledAt: Date | null }, now: Date): MeetingStatus =>
  meeting.cancelledAt ? 'Cancelled' : meeting.endsAt.getTime() > now.getTime() ? 'Upcoming' : 'Past';

const toView = (row: MeetingRow, now: Date): MeetingView => ({
  ...row,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  status: meetingStatus(row, now),
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

function meetingsQuery(db: Executor) {
  return db
    .select(meetingColumns)
    .from(meetings)
    .innerJoin(member, eq(member.id, meetings.memberId))
    .innerJoin(commander, eq(commander.id, meetings.commanderId));
}

/** Meetings are private to their two people: a member and a commander. */
const isParticipant = (context: CommunityContext, meeting: { memberId: string; commanderId: string }) =>
  meeting.memberId === context.userId || meeting.commanderId === context.userId;

/** The caller's meetings in this community (as member or commander), soonest first; cancelled ones stay listed. */
export async function listMeetings(db: Executor, context: CommunityContext, now: Date): Promise<MeetingView[]> {
  const rows = await meetingsQuery(db)
    .where(and(eq(meetings.communityId, context.community.id), or(eq(meetings.memberId, context.userId), eq(meetings.commanderId, context.userId))))
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(MEETING_LIST_LIMIT);
  return rows.map((row) => toView(row, now));
}

/** A meeting of this community that the caller takes part in (locked for the transaction with `lock`), else 404. */
async function visibleMeeting(db: Executor, context: CommunityContext, meetingId: string, now: Date, lock = false): Promise<MeetingView> {
  const query = meetingsQuery(db).where(and(eq(meetings.id, meetingId), eq(meetings.communityId, context.community.id)));
  const [row] = lock ? await query.for('update', { of: meetings }) : await query;
  if (!row || !isParticipant(context, row)) throw notFound(MEETING_NOT_FOUND);
  return toView(row, now);
}

/** The meeting just written, for the one who wrote it (an admin scheduling for a commander is not a participant). */
async function writtenMeeting(db: Executor, meetingId: string, now: Date): Promise<MeetingView> {
  const [row] = await meetingsQuery(db).where(eq(meetings.id, meetingId));
  return toView(row!, now);
}

export const getMeeting = (db: Executor, context: CommunityContext, meetingId: string, now: Date) => visibleMeeting(db, context, meetingId, now);

async function officeHours(db: Executor, commanderId: string, communityId: string): Promise<AvailabilityWindow[]> {
  return db
    .select({ dayOfWeek: commanderAvailability.dayOfWeek, startTime: commanderAvailability.startTime, endTime: commanderAvailability.endTime })
    .from(commanderAvailability)
    .where(and(eq(commanderAvailability.commanderId, commanderId), eq(commanderAvailability.communityId, communityId), eq(commanderAvailability.isActive, true)))
    .orderBy(asc(commanderAvailability.dayOfWeek), asc(commanderAvailability.startTime));
}

/**
 * Checks a time for a commander, holding their row locked until the transaction ends, so two requests for
 * one slot queue up and the second sees the first: future, inside office hours, and not overlapping any of
 * their meetings in any community (one person cannot be in two places).
 */
async function assertBookable(tx: Executor, context: CommunityContext, commanderId: string, time: { startsAt: Date; endsAt: Date }, now: Date, exceptMeetingId?: string) {
  if (time.startsAt.getTime() <= now.getTime()) throw badRequest(PAST_TIME_MESSAGE, { startsAt: PAST_TIME_MESSAGE });
  await tx.execute(sql`SELECT id FROM ${users} WHERE ${users.id} = ${commanderId} FOR NO KEY UPDATE`);
  if (!withinAvailability(time, await officeHours(tx, commanderId, context.community.id), context.community.timeZone)) {
    throw conflict(OUTSIDE_HOURS_MESSAGE);
  }
  const [clash] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        eq(meetings.commanderId, commanderId),
        isNull(meetings.cancelledAt),
        lt(meetings.startsAt, time.endsAt),
        gt(meetings.endsAt, time.startsAt),
        exceptMeetingId ? ne(meetings.id, exceptMeetingId) : undefined,
      ),
    )
    .limit(1);
  // Named for who reads it: the commander scheduling, an admin scheduling for them, or their member.
  if (clash) throw conflict(context.userId === commanderId ? OWN_DOUBLE_BOOKED_MESSAGE : isAdmin(context.roles) ? OTHERS_DOUBLE_BOOKED_MESSAGE : DOUBLE_BOOKED_MESSAGE);
}

/** Whether `commanderId` leads `subgroupId` (subgroups.commander_id), in this community. */
async function leadsSubgroup(tx: Executor, communityId: string, commanderId: string, subgroupId: string | null): Promise<boolean> {
  if (!subgroupId) return false;
  const [led] = await tx
    .select({ id: subgroups.id })
    .from(subgroups)
    .where(and(eq(subgroups.id, subgroupId), eq(subgroups.communityId, communityId), eq(subgroups.commanderId, commanderId)));
  return Boolean(led);
}

/** Who meets whom: a member asking their own commander, or a commander (or admin) scheduling with a member. */
async function participants(tx: Executor, context: CommunityContext, input: CreateMeetingBody): Promise<{ memberId: string; commanderId: string; subgroupId: string | null; requestedByMember: boolean }> {
  const memberId = input.memberId ?? context.userId;
  if (memberId === context.userId) {
    if (!context.membership) throw forbidden('Join this community to request meetings.');
    const subgroupId = context.membership.subgroupId;
    const [subgroup] = subgroupId ? await tx.select({ commanderId: subgroups.commanderId }).from(subgroups).where(eq(subgroups.id, subgroupId)) : [];
    const commanderId = subgroup?.commanderId;
    if (!commanderId || commanderId === context.userId) throw conflict(NO_COMMANDER_MESSAGE);
    if (input.commanderId && input.commanderId !== commanderId) throw badRequest('You can request a meeting with your own commander only.', { commanderId: 'Not your commander' });
    return { memberId, commanderId, subgroupId, requestedByMember: true };
  }
  const commanderId = input.commanderId ?? context.userId;
  if (commanderId !== context.userId && !isAdmin(context.roles)) throw forbidden('Only admins schedule meetings for another commander.');
  if (commanderId === context.userId && !atLeast(context.roles, 'Commander')) throw forbidden('Only commanders and admins schedule meetings with members.');
  const memberStanding = await standingOfUser(tx, context.community, memberId);
  if (!memberStanding?.membership) throw notFound('Member not found.');
  if (!isAdmin(context.roles) && !(await leadsSubgroup(tx, context.community.id, context.userId, memberStanding.membership.subgroupId))) {
    throw forbidden(OUTSIDE_LED_SUBGROUPS_MESSAGE);
  }
  if (commanderId !== context.userId) {
    const commanderStanding = await standingOfUser(tx, context.community, commanderId);
    if (!commanderStanding?.membership || !atLeast(commanderStanding.roles, 'Commander')) throw badRequest('Choose a commander of this community.', { commanderId: 'Not a commander here' });
  }
  return { memberId, commanderId, subgroupId: memberStanding.membership.subgroupId, requestedByMember: false };
}

/** 'Wednesday, December 2 at 7:00 PM CST': the time where the meeting happens, with its zone named, in the reader's language. */
export const when = (startsAt: Date, timeZone: string, locale: Reader['locale'] = 'en') =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), { timeZone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(startsAt);

/** Books a meeting and tells the other party, in one transaction. */
export async function createMeeting(db: Database, context: CommunityContext, actor: { displayName: string }, input: CreateMeetingBody, now: Date): Promise<MeetingView> {
  const communityId = context.community.id;
  const id = await db.transaction(async (tx) => {
    const who = await participants(tx, context, input);
    if (input.questionId) {
      const [question] = await tx
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.id, input.questionId), eq(questions.communityId, communityId), eq(questions.fromUserId, who.memberId)));
      if (!question) throw notFound('Question not found.');
    }
    if (who.requestedByMember) assertMemberSlot(input, context.community.timeZone);
    await assertBookable(tx, context, who.commanderId, input, now);
    const [row] = await tx
      .insert(meetings)
      .values({
        communityId,
        subgroupId: who.subgroupId,
        memberId: who.memberId,
        commanderId: who.commanderId,
        questionId: input.questionId ?? null,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        location: who.requestedByMember ? REQUESTED_LOCATION : input.location,
        notes: input.notes,
      })
      .returning({ id: meetings.id });
    await notify(tx, {
      toUserId: who.requestedByMember ? who.commanderId : who.memberId,
      fromUserId: context.userId,
      communityId,
      type: 'meeting',
      title: ({ t }) => (who.requestedByMember ? t('Meeting requested') : t('Meeting scheduled')),
      message: ({ t, locale }) => {
        const values = { name: actor.displayName, when: when(input.startsAt, context.community.timeZone, locale) };
        return who.requestedByMember ? t('{name} requested a meeting on {when}.', values) : t('{name} scheduled a meeting on {when}.', values);
      },
      outside: meetingOutside(({ t }) => (who.requestedByMember ? t('Meeting requested') : t('Meeting scheduled')), input.startsAt),
      meetingId: row!.id,
    });
    return row!.id;
  });
  return writtenMeeting(db, id, now);
}

/** Moves a meeting to a new time (either participant); the other one is notified. */
export async function rescheduleMeeting(db: Database, context: CommunityContext, actor: { displayName: string }, meetingId: string, input: RescheduleMeetingBody, now: Date): Promise<MeetingView> {
  await db.transaction(async (tx) => {
    const meeting = await visibleMeeting(tx, context, meetingId, now, true);
    assertStillUpcoming(meeting);
    if (meeting.memberId === context.userId) assertMemberSlot(input, context.community.timeZone);
    await assertBookable(tx, context, meeting.commanderId, input, now, meeting.id);
    await tx
      .update(meetings)
      .set({ startsAt: input.startsAt, endsAt: input.endsAt, sequence: sql`${meetings.sequence} + 1` })
      .where(eq(meetings.id, meeting.id));
    await notifyOtherParticipant(tx, context, meeting, ({ t }) => t('Meeting rescheduled'), ({ t, locale }) => t('{name} moved your meeting to {when}.', { name: actor.displayName, when: when(input.startsAt, context.community.timeZone, locale) }), input.startsAt);
  });
  return visibleMeeting(db, context, meetingId, now);
}

/**
 * Tells the meeting's other person (not the caller) what the caller did, inside the caller's transaction, which
 * holds the meeting's row: within 10 minutes it replaces their last notification about the meeting.
 */
function notifyOtherParticipant(tx: Executor, context: CommunityContext, meeting: Pick<MeetingView, 'id' | 'memberId' | 'commanderId'>, title: (reader: Reader) => string, message: (reader: Reader) => string, startsAt: Date) {
  return notify(tx, {
    toUserId: meeting.memberId === context.userId ? meeting.commanderId : meeting.memberId,
    fromUserId: context.userId,
    communityId: context.community.id,
    type: 'meeting',
    title,
    message,
    outside: meetingOutside(title, startsAt),
    meetingId: meeting.id,
  });
}

/** A meeting's e-mail says what happened and when, in the reader's own zone; never its notes. */
export const meetingOutside = (title: (reader: Reader) => string, startsAt: Date): OutsideDelivery => ({
  topic: 'meetings',
  headline: (reader) => reader.t('{title}: {when}', { title: title(reader), when: when(startsAt, reader.timeZone, reader.locale) }),
  path: '/meetings',
});

export const MEETING_CANCELLED_MESSAGE = apiMessage('This meeting was cancelled.');
export const MEETING_ENDED_MESSAGE = apiMessage('This meeting has already taken place.');

function assertStillUpcoming(meeting: MeetingView) {
  if (meeting.status === 'Cancelled') throw conflict(MEETING_CANCELLED_MESSAGE);
  if (meeting.status === 'Past') throw conflict(MEETING_ENDED_MESSAGE);
}

/**
 * Cancels an upcoming meeting (either participant): it stays listed as Cancelled, its time is free again, its
 * SEQUENCE grows (the .ics says STATUS:CANCELLED), and the other person is notified, in one transaction.
 */
export async function cancelMeeting(db: Database, context: CommunityContext, actor: { displayName: string }, meetingId: string, now: Date): Promise<MeetingView> {
  await db.transaction(async (tx) => {
    const meeting = await visibleMeeting(tx, context, meetingId, now, true);
    assertStillUpcoming(meeting);
    await tx
      .update(meetings)
      .set({ cancelledAt: now, cancelledBy: context.userId, sequence: sql`${meetings.sequence} + 1` })
      .where(eq(meetings.id, meeting.id));
    const startsAt = new Date(meeting.startsAt);
    await notifyOtherParticipant(tx, context, meeting, ({ t }) => t('Meeting cancelled'), ({ t, locale }) => t('{name} cancelled your meeting on {when}.', { name: actor.displayName, when: when(startsAt, context.community.timeZone, locale) }), startsAt);
  });
  return visibleMeeting(db, context, meetingId, now);
}

/**
 * The SPEC.md slots of a date that the commander can still take (office hours, and their meetings in every
 * community, since one person cannot be in two places). Only someone who leads a subgroup of this community
 * has slots here: anyone else's id is 'Commander not found.', so the answer never reveals an ordinary
 * member's busy hours, and it lists free slots only, never why a time is taken.
 */
export async function commanderFreeSlots(db: Executor, context: CommunityContext, commanderId: string, date: IsoDate): Promise<string[]> {
  const [leads] = await db
    .select({ id: subgroups.id })
    .from(subgroups)
    .innerJoin(memberships, and(eq(memberships.communityId, subgroups.communityId), eq(memberships.userId, subgroups.commanderId)))
    .where(and(eq(subgroups.communityId, context.community.id), eq(subgroups.commanderId, commanderId)))
    .limit(1);
  if (!leads) throw notFound(COMMANDER_NOT_FOUND);
  const zone = context.community.timeZone;
  const dayStart = zonedInstant(date, '00:00', zone);
  const dayEnd = zonedInstant(addDays(date, 1), '00:00', zone);
  const booked = await db
    .select({ startsAt: meetings.startsAt, endsAt: meetings.endsAt })
    .from(meetings)
    .where(and(eq(meetings.commanderId, commanderId), isNull(meetings.cancelledAt), lt(meetings.startsAt, dayEnd), gt(meetings.endsAt, dayStart)));
  return freeSlots(date, zone, await officeHours(db, commanderId, context.community.id), booked);
}

export async function ownAvailability(db: Executor, context: CommunityContext): Promise<AvailabilityWindow[]> {
  return officeHours(db, context.userId, context.community.id);
}

/** Replaces the caller's weekly office hours in this community (an empty list: every time is open). */
export async function setAvailability(db: Database, context: CommunityContext, input: AvailabilityBody): Promise<AvailabilityWindow[]> {
  if (!atLeast(context.roles, 'Commander')) throw forbidden('Only commanders set office hours.');
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    await tx.delete(commanderAvailability).where(and(eq(commanderAvailability.commanderId, context.userId), eq(commanderAvailability.communityId, communityId)));
    if (input.windows.length > 0) {
      await tx.insert(commanderAvailability).values(input.windows.map((window) => ({ ...window, commanderId: context.userId, communityId })));
    }
  });
  return ownAvailability(db, context);
}
