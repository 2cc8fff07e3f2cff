import { and, asc, eq, gt, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { apiMessage, fill } from '@shared/domain/messages';
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
import { translator } from '../../i18n/translate';
import { accountDeletedMessage } from '../../mail/messages';
import { readerLocale, userLocaleSql } from '../auth/locale';
import { enqueueMail } from '../../mail/outbox';
import { recordAudit } from '../audit/service';
import { meetingOutside, when } from '../meetings/service';
import { notify } from '../notifications/service';
import { type Reader, wordsByLocale } from '../notifications/words';
import { accountRateLimitKeys } from './account-rate-limits';
import { DELETED_ACCOUNT, FORMER_MEMBER } from './tombstones';

export const ONLY_MODERATOR_MESSAGE = (community: string) =>
  fill(apiMessage('You are the only Community Moderator of {community}. Make another member a Community Moderator, or close the community, before deleting your account.'), { community });

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
    const sharedCommunityIds = [...communityIds, ...applicationCommunityIds];
    await renameInOthersNotifications(tx, person, sharedCommunityIds);
    await tombstoneAudit(tx, person);
    await forgetOutboxMessages(tx, person, sharedCommunityIds);
    // Their language, read while their memberships still say which community's default applies.
    const t = translator(await readerLocale(tx, userId));
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
    if (person.verifiedEmail) await enqueueMail(tx, accountDeletedMessage(t, person.verifiedEmail));
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
    const title = ({ t }: Reader) => t('Meeting cancelled');
    await notify(tx, {
      toUserId: meeting.memberId === userId ? meeting.commanderId : meeting.memberId,
      fromUserId: null,
      communityId: meeting.communityId,
      type: 'meeting',
      title,
      message: ({ t, locale }) =>
        t('Your meeting on {when} with {formerMember} was cancelled: they deleted their account.', { when: when(meeting.startsAt, meeting.timeZone, locale), formerMember: t(FORMER_MEMBER) }),
      outside: meetingOutside(title, meeting.startsAt),
    });
  }
}

/**
 * `text` as a whole word for Postgres' regexp_replace and `~`: not inside a longer word, address or link. A name
 * is chosen by its holder: one like "token", "e" or "Reset" must not rewrite every word that contains it, nor a
 * link's `?token=` (issue 39 review). A full stop or colon after it still ends it; one before a letter does not.
 */
export function wholeWordPattern(text: string): string {
  const escaped = text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  return `(?<![[:alnum:]_/?=&%#@.+-])${escaped}(?![[:alnum:]_/?=&%#@+-])(?![.:][[:alnum:]_])`;
}

/** The name and e-mail of the departing person, each as a whole word (as it stands inside a JSON text, `asJsonText`). */
function namings(person: Departing, asJsonText = false): { pattern: string; flags: string }[] {
  const inText = (value: string) => (asJsonText ? JSON.stringify(value).slice(1, -1) : value);
  return [
    { pattern: wholeWordPattern(inText(person.displayName)), flags: 'g' },
    ...(person.email ? [{ pattern: wholeWordPattern(inText(person.email)), flags: 'gi' }] : []),
  ];
}

/** `column` with each naming replaced by `by`. */
function withoutNamings(column: SQLWrapper, patterns: readonly { pattern: string; flags: string }[], by: string | SQL): SQL {
  let text = sql`${column}`;
  for (const { pattern, flags } of patterns) text = sql`regexp_replace(${text}, ${pattern}, ${by}, ${flags})`;
  return text;
}

/** Whether `column` holds one of the namings. */
function holdsNaming(column: SQLWrapper, patterns: readonly { pattern: string; flags: string }[]): SQL {
  return or(...patterns.map(({ pattern, flags }) => (flags.includes('i') ? sql`${column} ~* ${pattern}` : sql`${column} ~ ${pattern}`)))!;
}

/** Notifications others keep that came from them or name them (in communities they shared) say "a former member", in the reader's language. */
async function renameInOthersNotifications(tx: Executor, person: Departing, communityIds: readonly string[]): Promise<void> {
  const patterns = namings(person);
  // regexp_replace reads \1 and \& in its replacement: a translation's backslash is written doubled.
  const formerMember = sql`(SELECT replace(${wordsByLocale(({ t }) => t(FORMER_MEMBER), userLocaleSql)}, '\\', '\\\\') FROM ${users} WHERE ${users.id} = ${notifications.toUserId})`;
  const scope = communityIds.length
    ? or(eq(notifications.fromUserId, person.id), inArray(notifications.communityId, [...communityIds]))
    : eq(notifications.fromUserId, person.id);
  await tx
    .update(notifications)
    .set({ title: withoutNamings(notifications.title, patterns, formerMember), message: withoutNamings(notifications.message, patterns, formerMember) })
    .where(and(sql`${notifications.toUserId} <> ${person.id}`, scope, or(holdsNaming(notifications.title, patterns), holdsNaming(notifications.message, patterns))));
}

/**
 * Audit entries keep the action; the actor or subject becomes the fixed tombstone. Their id and e-mail are
 * replaced wherever they stand as a whole value in an entry's changes; their name only in the entries where they
 * are the actor or the subject (as a whole word, inside longer values too): a name like "Pending" or "Member"
 * must not rewrite other people's entries (a rename's from and to lose theirs).
 */
async function tombstoneAudit(tx: Executor, person: Departing): Promise<void> {
  const asJson = (value: string) => JSON.stringify(value);
  const tombstone = asJson(DELETED_ACCOUNT);
  const values = [person.id, ...(person.email ? [person.email] : [])].map(asJson);
  let diffText = sql`${auditLogs.diff}::text`;
  for (const value of values) diffText = sql`replace(${diffText}, ${value}, ${tombstone})`;
  const theirs = or(eq(auditLogs.actorId, person.id), eq(auditLogs.entityId, person.id))!;
  const theirDiffText = withoutNamings(diffText, namings(person, true), DELETED_ACCOUNT);
  const mentions = values.map((value) => sql`strpos(${auditLogs.diff}::text, ${value}) > 0`);
  await tx
    .update(auditLogs)
    .set({
      actorLabel: sql`CASE WHEN ${auditLogs.actorId} = ${person.id} THEN ${DELETED_ACCOUNT} ELSE ${auditLogs.actorLabel} END`,
      actorId: sql`CASE WHEN ${auditLogs.actorId} = ${person.id} THEN NULL ELSE ${auditLogs.actorId} END`,
      entityId: sql`CASE WHEN ${auditLogs.entityId} = ${person.id} THEN ${DELETED_ACCOUNT} ELSE ${auditLogs.entityId} END`,
      diff: sql`CASE WHEN ${auditLogs.action} = 'rename' AND ${auditLogs.entityId} = ${person.id} THEN NULL WHEN ${theirs} THEN (${theirDiffText})::jsonb ELSE (${diffText})::jsonb END`,
    })
    .where(or(theirs, ...mentions));
}

/**
 * Messages to them (e-mails to their address, pushes to their devices) are dropped, sent or not; messages to
 * the members of the communities they shared that name them say "a former member" (a sent message keeps only its
 * subject). Nobody else's messages are read: a name must not rewrite a stranger's e-mail or its links.
 */
async function forgetOutboxMessages(tx: Executor, person: Departing, communityIds: readonly string[]): Promise<void> {
  const endpoints = tx.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.id));
  await tx.delete(mailOutbox).where(or(inArray(mailOutbox.recipient, endpoints), person.email ? eq(mailOutbox.recipient, person.email) : undefined));
  if (communityIds.length === 0) return;
  const coMembers = tx.select({ userId: memberships.userId }).from(memberships).where(inArray(memberships.communityId, [...communityIds]));
  const toCoMembers = or(
    inArray(mailOutbox.recipient, tx.select({ email: sql<string>`${users.email}` }).from(users).where(inArray(users.id, coMembers))),
    inArray(mailOutbox.recipient, tx.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, coMembers))),
  );
  // A push's body is JSON: the name is looked for as it stands inside it.
  for (const channel of ['email', 'push'] as const) {
    const patterns = namings(person, channel === 'push');
    await tx
      .update(mailOutbox)
      .set({
        subject: withoutNamings(mailOutbox.subject, patterns, FORMER_MEMBER),
        textBody: withoutNamings(mailOutbox.textBody, patterns, FORMER_MEMBER),
        htmlBody: withoutNamings(mailOutbox.htmlBody, patterns, FORMER_MEMBER),
      })
      .where(
        and(
          eq(mailOutbox.channel, channel),
          toCoMembers,
          or(holdsNaming(mailOutbox.subject, patterns), holdsNaming(mailOutbox.textBody, patterns), holdsNaming(sql`coalesce(${mailOutbox.htmlBody}, '')`, patterns)),
        ),
      );
  }
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
