import { and, asc, eq, gt, inArray, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import { memberApplications } from '@shared/schema/applications';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { meetings } from '@shared/schema/meetings';
import { notifications, pushSubscriptions } from '@shared/schema/notifications';
import { rateLimitHits } from '@shared/schema/rate-limits';
import { endSessionsOf } from '../../auth/sessions';
import type { Database, Executor } from '../../db/client';
import { lockCommunityRow } from '../../http/community-context';
import { HttpError, notFound } from '../../http/errors';
import { rateLimitKeyHash } from '../../http/rate-limit-store';
import { accountDeletedMessage } from '../../mail/messages';
import { enqueueMail } from '../../mail/outbox';
import { recordAudit } from '../audit/service';
import { when } from '../meetings/service';
import { notify } from '../notifications/service';
import { accountRateLimitKeys } from './account-rate-limits';
import { DELETED_ACCOUNT, FORMER_MEMBER } from './tombstones';

export const ONLY_MODERATOR_MESSAGE = (community: string) =>
  `You are the only Community Moderator of ${community}. Make another member a Community Moderator, or close the community, before deleting your account.`;

interface Departing {
  id: string;
  email: string | null;
  displayName: string;
  /** The e-mail only once it was proven: what counts as theirs beyond the account (applications, imported records). */
  verifiedEmail: string | null;
}

/**
 * Deletes an account (issue 39 item 2), in one transaction: the account and everything that is theirs go; what
 * others keep says "a former member" (answers they gave, meetings cancelled with them, notifications that named
 * them) or, in the audit log, "a deleted account". No row keeps their id, e-mail or name; their rate-limit
 * counters go too. Refused while they are the only Community Moderator of a community with other members that is
 * not closing. A last e-mail tells a proven address (the outbox forgets it once sent).
 */
export async function deleteAccount(db: Database, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, displayName: users.displayName, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isImported, false)))
      .for('update');
    if (!row) throw notFound('Account not found.');
    const person: Departing = { ...row, verifiedEmail: row.emailVerifiedAt && row.email ? row.email.toLowerCase() : null };

    const communityIds = await lockOwnCommunities(tx, userId);
    await refuseWhileOnlyModerator(tx, userId);
    const applicationCommunityIds = person.verifiedEmail ? await applicationCommunities(tx, person.verifiedEmail) : [];

    await cancelMeetingsWith(tx, userId, now);
    await renameInOthersNotifications(tx, person, [...communityIds, ...applicationCommunityIds]);
    await tombstoneAudit(tx, person);
    await forgetOutboxMessages(tx, person);
    await forgetRateLimitCounters(tx, person, now);
    await endSessionsOf(tx, userId);
    if (person.verifiedEmail) {
      await tx.delete(memberApplications).where(eq(sql`lower(${memberApplications.email})`, person.verifiedEmail));
      // Records a community imported under the proven address: history about them nobody claimed.
      await tx.delete(users).where(and(eq(users.isImported, true), eq(sql`lower(${users.email})`, person.verifiedEmail)));
    }
    await eraseCommunitiesOnlyTheyBelongTo(tx, userId, communityIds);
    // The rest goes with the row: memberships, logs, targets, reflections, questions they asked, notifications to
    // them, preferences, tokens, identities, offers, reach-outs, office hours (cascades); their name is cleared
    // from what others keep (set null: answers, replies, reviews, locks, invite codes).
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, { actorId: null, actorLabel: DELETED_ACCOUNT, communityId: null, entity: 'user', entityId: DELETED_ACCOUNT, action: 'delete-account' });
    if (person.verifiedEmail) await enqueueMail(tx, accountDeletedMessage(person.verifiedEmail));
  });
}

/** Locks (and raises the change version of) every community they belong to, in id order: saves and role changes there take turns with this. */
async function lockOwnCommunities(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx.select({ communityId: memberships.communityId }).from(memberships).where(eq(memberships.userId, userId)).orderBy(asc(memberships.communityId));
  for (const { communityId } of rows) await lockCommunityRow(tx, communityId, 'change');
  return rows.map((row) => row.communityId);
}

async function refuseWhileOnlyModerator(tx: Executor, userId: string): Promise<void> {
  const [stranded] = await tx
    .select({ name: communities.name })
    .from(memberships)
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(
      and(
        eq(memberships.userId, userId),
        sql`'CommunityModerator' = ANY(${memberships.roles})`,
        gt(communities.memberCount, 1),
        isNull(communities.closesAt),
        sql`NOT EXISTS (SELECT 1 FROM ${memberships} other WHERE other.community_id = ${communities.id} AND other.user_id <> ${userId} AND 'CommunityModerator' = ANY(other.roles))`,
      ),
    )
    .orderBy(asc(communities.name))
    .limit(1);
  if (stranded) throw new HttpError(409, ONLY_MODERATOR_MESSAGE(stranded.name), 'only_moderator');
}

async function applicationCommunities(tx: Executor, email: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ communityId: memberApplications.communityId }).from(memberApplications).where(eq(sql`lower(${memberApplications.email})`, email));
  return rows.map((row) => row.communityId);
}

/** Their upcoming meetings are cancelled: the other person is told (bell, and e-mail or push as they chose); the rows then go with the account. */
async function cancelMeetingsWith(tx: Executor, userId: string, now: Date): Promise<void> {
  const upcoming = await tx
    .select({ id: meetings.id, memberId: meetings.memberId, commanderId: meetings.commanderId, communityId: meetings.communityId, startsAt: meetings.startsAt, timeZone: communities.timeZone })
    .from(meetings)
    .innerJoin(communities, eq(communities.id, meetings.communityId))
    .where(and(or(eq(meetings.memberId, userId), eq(meetings.commanderId, userId)), isNull(meetings.cancelledAt), gt(meetings.endsAt, now)))
    .for('update', { of: meetings });
  for (const meeting of upcoming) {
    const title = 'Meeting cancelled';
    await notify(tx, {
      toUserId: meeting.memberId === userId ? meeting.commanderId : meeting.memberId,
      fromUserId: null,
      communityId: meeting.communityId,
      type: 'meeting',
      title,
      message: `Your meeting on ${when(meeting.startsAt, meeting.timeZone)} with ${FORMER_MEMBER} was cancelled: they deleted their account.`,
      outside: { topic: 'meetings', headline: (timeZone) => `${title}: ${when(meeting.startsAt, timeZone)}`, path: '/meetings' },
    });
  }
}

/** Notifications others keep that came from them or name them (in communities they shared) say "a former member". */
async function renameInOthersNotifications(tx: Executor, person: Departing, communityIds: readonly string[]): Promise<void> {
  const named = (column: SQLWrapper) =>
    person.email ? sql`(strpos(${column}, ${person.displayName}) > 0 OR strpos(lower(${column}), ${person.email.toLowerCase()}) > 0)` : sql`strpos(${column}, ${person.displayName}) > 0`;
  const replaced = (column: SQLWrapper) => {
    const withoutName = sql`replace(${column}, ${person.displayName}, ${FORMER_MEMBER})`;
    return person.email ? sql`replace(${withoutName}, ${person.email}, ${FORMER_MEMBER})` : withoutName;
  };
  const scope = communityIds.length
    ? or(eq(notifications.fromUserId, person.id), inArray(notifications.communityId, [...communityIds]))
    : eq(notifications.fromUserId, person.id);
  await tx
    .update(notifications)
    .set({ title: replaced(notifications.title), message: replaced(notifications.message) })
    .where(and(sql`${notifications.toUserId} <> ${person.id}`, scope, or(named(notifications.title), named(notifications.message))));
}

/**
 * Audit entries keep the action; the actor or subject becomes the fixed tombstone. Their id, e-mail and name are
 * replaced wherever they stand as a whole value in an entry's changes (a rename's from and to lose theirs).
 */
async function tombstoneAudit(tx: Executor, person: Departing): Promise<void> {
  const asJson = (value: string) => JSON.stringify(value);
  const tombstone = asJson(DELETED_ACCOUNT);
  const values = [person.id, person.displayName, ...(person.email ? [person.email] : [])].map(asJson);
  let diffText = sql`${auditLogs.diff}::text`;
  for (const value of values) diffText = sql`replace(${diffText}, ${value}, ${tombstone})`;
  const mentions = values.map((value) => sql`strpos(${auditLogs.diff}::text, ${value}) > 0`);
  await tx
    .update(auditLogs)
    .set({
      actorLabel: sql`CASE WHEN ${auditLogs.actorId} = ${person.id} THEN ${DELETED_ACCOUNT} ELSE ${auditLogs.actorLabel} END`,
      actorId: sql`CASE WHEN ${auditLogs.actorId} = ${person.id} THEN NULL ELSE ${auditLogs.actorId} END`,
      entityId: sql`CASE WHEN ${auditLogs.entityId} = ${person.id} THEN ${DELETED_ACCOUNT} ELSE ${auditLogs.entityId} END`,
      diff: sql`CASE WHEN ${auditLogs.action} = 'rename' AND ${auditLogs.entityId} = ${person.id} THEN NULL ELSE (${diffText})::jsonb END`,
    })
    .where(or(eq(auditLogs.actorId, person.id), eq(auditLogs.entityId, person.id), ...mentions));
}

/**
 * Messages to them (e-mails to their address, pushes to their devices) are dropped, sent or not; messages to
 * others that name them say "a former member" (a sent message keeps only its subject).
 */
async function forgetOutboxMessages(tx: Executor, person: Departing): Promise<void> {
  const endpoints = tx.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.id));
  await tx.delete(mailOutbox).where(or(inArray(mailOutbox.recipient, endpoints), person.email ? eq(mailOutbox.recipient, person.email) : undefined));
  const names = [person.displayName, ...(person.email ? [person.email] : [])];
  const replaced = (column: SQLWrapper) => {
    let text = sql`${column}`;
    for (const name of names) text = sql`replace(${text}, ${name}, ${FORMER_MEMBER})`;
    return text;
  };
  const mentions = names.flatMap((name) => [sql`strpos(${mailOutbox.subject}, ${name}) > 0`, sql`strpos(${mailOutbox.textBody}, ${name}) > 0`, sql`strpos(coalesce(${mailOutbox.htmlBody}, ''), ${name}) > 0`]);
  await tx
    .update(mailOutbox)
    .set({ subject: replaced(mailOutbox.subject), textBody: replaced(mailOutbox.textBody), htmlBody: replaced(mailOutbox.htmlBody) })
    .where(or(...mentions));
}

/** Counters keyed by their id or e-mail, and by the pairs of the notes they sent or received (their notifications say who). */
async function forgetRateLimitCounters(tx: Executor, person: Departing, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 2 * 24 * 60 * 60_000);
  const peers = await tx
    .selectDistinct({ peer: sql<string>`CASE WHEN ${notifications.toUserId} = ${person.id} THEN ${notifications.fromUserId} ELSE ${notifications.toUserId} END` })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'care_note'),
        gt(notifications.createdAt, since),
        or(eq(notifications.toUserId, person.id), eq(notifications.fromUserId, person.id)),
        sql`${notifications.fromUserId} IS NOT NULL`,
      ),
    );
  const hashes = accountRateLimitKeys(person.id, person.email, peers.map((row) => row.peer)).map(rateLimitKeyHash);
  await tx.delete(rateLimitHits).where(inArray(sql`split_part(${rateLimitHits.key}, ':', -1)`, hashes));
}

/** A community nobody else belongs to goes with them (its audit entries too, which may name it). */
async function eraseCommunitiesOnlyTheyBelongTo(tx: Executor, userId: string, communityIds: readonly string[]): Promise<void> {
  if (communityIds.length === 0) return;
  const alone = await tx
    .select({ id: communities.id })
    .from(communities)
    .where(and(inArray(communities.id, [...communityIds]), sql`NOT EXISTS (SELECT 1 FROM ${memberships} other WHERE other.community_id = ${communities.id} AND other.user_id <> ${userId})`));
  if (alone.length === 0) return;
  const ids = alone.map((row) => row.id);
  await tx.delete(auditLogs).where(inArray(auditLogs.communityId, ids));
  await tx.delete(communities).where(inArray(communities.id, ids));
}
