import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberApplications } from '@shared/schema/applications';
import { auditLogs } from '@shared/schema/audit';
import { authIdentities, users } from '@shared/schema/auth';
import { careReachOuts, reflections } from '@shared/schema/care';
import { communities, memberships, subgroups } from '@shared/schema/communities';
import { historyOffers } from '@shared/schema/history-offers';
import { commanderAvailability, meetings } from '@shared/schema/meetings';
import { notificationPreferences, notifications, pushSubscriptions } from '@shared/schema/notifications';
import { questions } from '@shared/schema/questions';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import { FORMER_MEMBER } from './tombstones';

/** The export's format: a reader of an older file can tell what it holds (docs/your-data.md). */
export const USER_EXPORT_FORMAT = 'steadfast-user-export/1';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything Steadfast holds about one person (issue 39 item 1, documented field by field in docs/your-data.md):
 * what they wrote, what was written to them or about them, and nothing another member wrote that was neither
 * addressed to them nor answered by them. Read in one repeatable-read snapshot, so the parts agree.
 */
export function exportUserData(db: Database, userId: string, now: Date) {
  return db.transaction((tx) => readUserData(tx, userId, now), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readUserData(db: Executor, userId: string, now: Date) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      displayName: users.displayName,
      locale: users.locale,
      browserLocale: users.browserLocale,
      hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
      isSuperAdmin: users.isSuperAdmin,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) throw notFound('Account not found.');
  const verifiedEmail = profile.emailVerifiedAt ? profile.email : null;
  const other = alias(users, 'other');
  const member = alias(users, 'member');
  const commander = alias(users, 'commander');
  const community = { communityId: communities.id, community: communities.name };

  const [identities, membershipRows, logs, targets, asked, answered, meetingRows, notificationRows, ownReflections, repliesWritten, preferences, devices, applications, audit, offers, reachOuts, officeHours] =
    await inTurn([
      db.select({ provider: authIdentities.provider, linkedAt: authIdentities.createdAt }).from(authIdentities).where(eq(authIdentities.userId, userId)),
      db
        .select({ ...community, roles: memberships.roles, subgroup: subgroups.name, joinedAt: memberships.createdAt, closesAt: communities.closesAt })
        .from(memberships)
        .innerJoin(communities, eq(communities.id, memberships.communityId))
        .leftJoin(subgroups, eq(subgroups.id, memberships.subgroupId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(memberships.createdAt)),
      db
        .select({
          ...community,
          year: dailyLogs.year,
          month: dailyLogs.month,
          entries: dailyLogs.entries,
          dayStatus: dailyLogs.dayStatus,
          monthlyCompletions: dailyLogs.monthlyCompletions,
          updatedAt: dailyLogs.updatedAt,
        })
        .from(dailyLogs)
        .innerJoin(communities, eq(communities.id, dailyLogs.communityId))
        .where(eq(dailyLogs.userId, userId))
        .orderBy(asc(communities.name), asc(dailyLogs.year), asc(dailyLogs.month)),
      db
        .select({ ...community, target: userDisciplineTargets })
        .from(userDisciplineTargets)
        .innerJoin(communities, eq(communities.id, userDisciplineTargets.communityId))
        .where(eq(userDisciplineTargets.userId, userId))
        .orderBy(asc(userDisciplineTargets.year), asc(userDisciplineTargets.month)),
      db
        .select({ ...community, question: questions, answeredBy: other.displayName })
        .from(questions)
        .innerJoin(communities, eq(communities.id, questions.communityId))
        .leftJoin(other, eq(other.id, questions.answeredByUserId))
        .where(eq(questions.fromUserId, userId))
        .orderBy(asc(questions.createdAt)),
      // Questions they answered (their own words) with the question they answered (addressed to them, or to the
      // commander whose question an admin answered).
      db
        .select({ ...community, question: questions })
        .from(questions)
        .innerJoin(communities, eq(communities.id, questions.communityId))
        .where(and(eq(questions.answeredByUserId, userId), sql`${questions.fromUserId} <> ${userId}`))
        .orderBy(asc(questions.createdAt)),
      db
        .select({ ...community, meeting: meetings, memberName: member.displayName, commanderName: commander.displayName })
        .from(meetings)
        .innerJoin(communities, eq(communities.id, meetings.communityId))
        .innerJoin(member, eq(member.id, meetings.memberId))
        .innerJoin(commander, eq(commander.id, meetings.commanderId))
        .where(or(eq(meetings.memberId, userId), eq(meetings.commanderId, userId)))
        .orderBy(asc(meetings.startsAt)),
      db
        .select({ communityId: notifications.communityId, community: communities.name, notification: notifications, from: other.displayName })
        .from(notifications)
        .leftJoin(communities, eq(communities.id, notifications.communityId))
        .leftJoin(other, eq(other.id, notifications.fromUserId))
        .where(eq(notifications.toUserId, userId))
        .orderBy(asc(notifications.createdAt)),
      db
        .select({ ...community, reflection: reflections, repliedBy: other.displayName })
        .from(reflections)
        .innerJoin(communities, eq(communities.id, reflections.communityId))
        .leftJoin(other, eq(other.id, reflections.acknowledgedBy))
        .where(eq(reflections.userId, userId))
        .orderBy(asc(reflections.year), asc(reflections.month)),
      // Replies they wrote to others' reflections: their own words, and whose month they answered (not the reflection).
      db
        .select({ ...community, member: other.displayName, year: reflections.year, month: reflections.month, reply: reflections.reply, repliedAt: reflections.acknowledgedAt })
        .from(reflections)
        .innerJoin(communities, eq(communities.id, reflections.communityId))
        .innerJoin(other, eq(other.id, reflections.userId))
        .where(and(eq(reflections.acknowledgedBy, userId), sql`${reflections.userId} <> ${userId}`))
        .orderBy(asc(reflections.year), asc(reflections.month)),
      db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
      db
        .select({ device: pushSubscriptions.device, createdAt: pushSubscriptions.createdAt, lastUsedAt: pushSubscriptions.lastUsedAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt)),
      // An application counts as theirs only through an e-mail they proved.
      verifiedEmail
        ? db
            .select({ ...community, application: memberApplications })
            .from(memberApplications)
            .innerJoin(communities, eq(communities.id, memberApplications.communityId))
            .where(eq(sql`lower(${memberApplications.email})`, verifiedEmail.toLowerCase()))
            .orderBy(asc(memberApplications.createdAt))
        : Promise.resolve([]),
      db
        .select({ communityId: auditLogs.communityId, community: communities.name, entry: auditLogs })
        .from(auditLogs)
        .leftJoin(communities, eq(communities.id, auditLogs.communityId))
        .where(or(eq(auditLogs.actorId, userId), eq(auditLogs.entityId, userId)))
        .orderBy(asc(auditLogs.createdAt)),
      db
        .select({ ...community, offer: historyOffers })
        .from(historyOffers)
        .innerJoin(communities, eq(communities.id, historyOffers.communityId))
        .where(eq(historyOffers.userId, userId))
        .orderBy(asc(historyOffers.createdAt)),
      db
        .select({ ...community, reachedOn: careReachOuts.reachedOn })
        .from(careReachOuts)
        .innerJoin(communities, eq(communities.id, careReachOuts.communityId))
        .where(eq(careReachOuts.memberId, userId))
        .orderBy(asc(careReachOuts.reachedOn)),
      db
        .select({
          communityId: commanderAvailability.communityId,
          dayOfWeek: commanderAvailability.dayOfWeek,
          startTime: commanderAvailability.startTime,
          endTime: commanderAvailability.endTime,
          isActive: commanderAvailability.isActive,
        })
        .from(commanderAvailability)
        .where(eq(commanderAvailability.commanderId, userId)),
    ]);

  const otherPerson = (row: { meeting: { memberId: string }; memberName: string; commanderName: string }) =>
    row.meeting.memberId === userId ? row.commanderName : row.memberName;

  return {
    format: USER_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      id: profile.id,
      email: profile.email,
      emailVerifiedAt: iso(profile.emailVerifiedAt),
      displayName: profile.displayName,
      /** The language they chose, and the one their browser last asked for (null: none of ours). */
      locale: profile.locale,
      browserLocale: profile.browserLocale,
      hasPassword: profile.hasPassword,
      isSuperAdmin: profile.isSuperAdmin,
      createdAt: iso(profile.createdAt),
      updatedAt: iso(profile.updatedAt),
      signInProviders: identities.map((row) => ({ provider: row.provider, linkedAt: iso(row.linkedAt) })),
    },
    memberships: membershipRows.map((row) => ({
      communityId: row.communityId,
      community: row.community,
      roles: row.roles,
      subgroup: row.subgroup,
      joinedAt: iso(row.joinedAt),
      closesAt: iso(row.closesAt),
    })),
    dailyLogs: logs.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
    targets: targets.map(({ communityId, community: name, target }) => {
      const { id: _id, userId: _user, communityId: _community, createdAt: _created, updatedAt, ...values } = target;
      return { communityId, community: name, ...values, updatedAt: iso(updatedAt) };
    }),
    questionsAsked: asked.map(({ communityId, community: name, question, answeredBy }) => ({
      communityId,
      community: name,
      title: question.title,
      body: question.body,
      priority: question.priority,
      status: question.status,
      tags: question.tags,
      answer: question.answer,
      answeredBy: question.answer ? (answeredBy ?? FORMER_MEMBER) : null,
      createdAt: iso(question.createdAt),
      updatedAt: iso(question.updatedAt),
    })),
    questionsAnswered: answered.map(({ communityId, community: name, question }) => ({
      communityId,
      community: name,
      askedBy: question.fromUserName,
      title: question.title,
      body: question.body,
      answer: question.answer,
      status: question.status,
      askedAt: iso(question.createdAt),
      updatedAt: iso(question.updatedAt),
    })),
    meetings: meetingRows.map((row) => ({
      communityId: row.communityId,
      community: row.community,
      you: row.meeting.memberId === userId ? 'member' : 'commander',
      with: otherPerson(row),
      startsAt: iso(row.meeting.startsAt),
      endsAt: iso(row.meeting.endsAt),
      location: row.meeting.location,
      notes: row.meeting.notes,
      outcome: row.meeting.outcome,
      cancelledAt: iso(row.meeting.cancelledAt),
      createdAt: iso(row.meeting.createdAt),
    })),
    notifications: notificationRows.map(({ communityId, community: name, notification, from }) => ({
      communityId,
      community: name,
      type: notification.type,
      from: notification.fromUserId ? from : null,
      title: notification.title,
      message: notification.message,
      isRead: notification.isRead,
      createdAt: iso(notification.createdAt),
    })),
    reflections: ownReflections.map(({ communityId, community: name, reflection, repliedBy }) => ({
      communityId,
      community: name,
      year: reflection.year,
      month: reflection.month,
      helped: reflection.helped,
      hard: reflection.hard,
      prayerRequest: reflection.prayerRequest,
      reply: reflection.reply,
      repliedBy: reflection.acknowledgedAt ? (repliedBy ?? FORMER_MEMBER) : null,
      repliedAt: iso(reflection.acknowledgedAt),
      createdAt: iso(reflection.createdAt),
    })),
    reflectionRepliesWritten: repliesWritten.map((row) => ({ ...row, repliedAt: iso(row.repliedAt) })),
    notesReceived: notificationRows
      .filter(({ notification }) => notification.type === 'care_note')
      .map(({ communityId, community: name, notification, from }) => ({
        communityId,
        community: name,
        from: notification.fromUserId ? from : FORMER_MEMBER,
        note: notification.message,
        sentAt: iso(notification.createdAt),
      })),
    careReceived: reachOuts,
    officeHours,
    notificationPreferences: preferences[0]
      ? (({ userId: _user, updatedAt, ...values }) => ({ ...values, updatedAt: iso(updatedAt) }))(preferences[0])
      : null,
    pushDevices: devices.map((row) => ({ device: row.device, createdAt: iso(row.createdAt), lastUsedAt: iso(row.lastUsedAt) })),
    applications: applications.map(({ communityId, community: name, application }) => ({
      communityId,
      community: name,
      name: application.name,
      email: application.email,
      disciplineTargets: application.disciplineTargets,
      message: application.message,
      status: application.status,
      createdAt: iso(application.createdAt),
      updatedAt: iso(application.updatedAt),
    })),
    historyOffers: offers.map(({ communityId, community: name, offer }) => ({
      communityId,
      community: name,
      months: offer.months,
      days: offer.days,
      status: offer.status,
      offeredAt: iso(offer.createdAt),
      expiresAt: iso(offer.expiresAt),
      decidedAt: iso(offer.decidedAt),
    })),
    audit: audit.map(({ communityId, community: name, entry }) => ({
      communityId,
      community: name,
      you: entry.actorId === userId ? (entry.entityId === userId ? 'actor and subject' : 'actor') : 'subject',
      entity: entry.entity,
      action: entry.action,
      changes: entry.diff,
      at: iso(entry.createdAt),
    })),
  };
}

/**
 * Awaits Drizzle's queries one after another: each runs when awaited, and a transaction's one connection takes a
 * query at a time (node-postgres deprecates queries queued on a client by Promise.all).
 */
async function inTurn<const T extends readonly PromiseLike<unknown>[]>(reads: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

export type UserExport = Awaited<ReturnType<typeof readUserData>>;
