import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { intlLocaleOf } from '@shared/domain/locales';
import type { CommunityView } from '@shared/contracts/communities';
import { CLOSING_PERIOD_MS, closingDate } from '@shared/domain/community-closing';
import { users } from '@shared/schema/auth';
import { auditLogs } from '@shared/schema/audit';
import { communities, institutions, memberships } from '@shared/schema/communities';
import { notifications } from '@shared/schema/notifications';
import { userLocaleSql } from '../auth/locale';
import { type Database, type Executor, rowsOf } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { conflict, HttpError } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { deliverOutside, type DeliverySettings, type OutsideDelivery, withDeliverySettings } from '../notifications/delivery';
import { type Words, wordsByLocale } from '../notifications/words';
import { apiMessage, fill, msg } from '@shared/domain/messages';
import { toCommunityView } from './service';

/*
 * Closing a community (issue 39 item 3). A Community Moderator closes it: for 30 days it is read-only
 * (`communities.closes_at`; the community guard refuses writes with 423, joining and check-ins check it too),
 * every member is told, and any Community Moderator may reopen it. Then the scheduled scan erases it.
 */

export const ALREADY_CLOSING_MESSAGE = (date: string) => fill(apiMessage('This community is already closing, on {date}. Reopen it first to choose another date.'), { date });
export const NOT_CLOSING_MESSAGE = apiMessage('This community is not closing.');
export const CLOSING_CHANGED_MESSAGE = apiMessage('This community changed a moment ago. Please try again.');
export const CLOSING_TITLE = msg('Community closing');
export const REOPENED_TITLE = msg('Community reopened');

/**
 * Tells every real member of the community (imported records have no account to read it), each in their language,
 * in one INSERT … SELECT and their e-mails in the same transaction, however many members there are.
 */
async function notifyMembers(tx: Executor, communityId: string, fromUserId: string, title: Words, message: Words, outside: OutsideDelivery): Promise<void> {
  const told = await tx.execute(sql`
    INSERT INTO ${notifications} (to_user_id, from_user_id, community_id, type, title, message)
    SELECT ${memberships.userId}, ${fromUserId}::uuid, ${memberships.communityId}, 'community', ${wordsByLocale(title, userLocaleSql)}, ${wordsByLocale(message, userLocaleSql)}
    FROM ${memberships} JOIN ${users} ON ${users.id} = ${memberships.userId}
    WHERE ${memberships.communityId} = ${communityId} AND NOT ${users.isImported}
    RETURNING to_user_id, community_id`);
  const recipients = rowsOf<{ to_user_id: string; community_id: string }>(told).map((row) => ({ userId: row.to_user_id, communityId: row.community_id }));
  await deliverOutside(tx, recipients, outside, title);
}

/**
 * Starts the 30 days: sets `closes_at` (raising the row's change_version, so a check-in read before it reads
 * again and is refused), records it, and tells every member with the date, in one transaction. 409 when it is
 * already closing.
 */
export async function closeCommunity(db: Database, context: CommunityContext, now: Date): Promise<CommunityView> {
  const communityId = context.community.id;
  const closesAt = new Date(now.getTime() + CLOSING_PERIOD_MS);
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(communities)
      .set({ closesAt, changeVersion: sql`${communities.changeVersion} + 1`, updatedAt: now })
      .where(and(eq(communities.id, communityId), isNull(communities.closesAt)))
      .returning();
    if (!closed) {
      const [current] = await tx.select({ closesAt: communities.closesAt, timeZone: communities.timeZone }).from(communities).where(eq(communities.id, communityId));
      // Reopened between the two statements: nothing to name, and trying again will do.
      if (!current?.closesAt) throw conflict(CLOSING_CHANGED_MESSAGE);
      const { closesAt: date, timeZone } = current;
      throw new HttpError(409, ALREADY_CLOSING_MESSAGE(closingDate(date, timeZone)), 'conflict', undefined, (locale) => ALREADY_CLOSING_MESSAGE(closingDate(date, timeZone, intlLocaleOf(locale))));
    }
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'community', entityId: communityId, action: 'close', diff: { closesAt: closesAt.toISOString() } });
    await notifyMembers(
      tx,
      communityId,
      context.userId,
      ({ t }) => t(CLOSING_TITLE),
      ({ t, locale }) =>
        t('{community} is closing on {date}. Until then it is read-only: nothing new can be saved. Then it is erased with everything in it. Download your data before then.', {
          community: closed.name,
          date: closingDate(closesAt, closed.timeZone, intlLocaleOf(locale)),
        }),
      {
        topic: 'community',
        headline: ({ t, locale, timeZone }) =>
          t('{community} closes on {date}: download your data before then', { community: closed.name, date: closingDate(closesAt, timeZone, intlLocaleOf(locale)) }),
        path: '/',
      },
    );
    return toCommunityView(closed);
  });
}

/** Ends the closing before its date: clears `closes_at`, records it and tells every member. 409 when it is not closing (or its date has come). */
export async function reopenCommunity(db: Database, context: CommunityContext, now: Date): Promise<CommunityView> {
  const communityId = context.community.id;
  return db.transaction(async (tx) => {
    const [reopened] = await tx
      .update(communities)
      .set({ closesAt: null, changeVersion: sql`${communities.changeVersion} + 1`, updatedAt: now })
      .where(and(eq(communities.id, communityId), isNotNull(communities.closesAt), sql`${communities.closesAt} > ${now.toISOString()}::timestamptz`))
      .returning();
    if (!reopened) throw conflict(NOT_CLOSING_MESSAGE);
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'community', entityId: communityId, action: 'reopen', diff: { closesAt: { from: context.community.closesAt?.toISOString() ?? null, to: null } } });
    await notifyMembers(
      tx,
      communityId,
      context.userId,
      ({ t }) => t(REOPENED_TITLE),
      ({ t }) => t('{community} is open again: it is no longer closing, and check-ins, questions and meetings work as before.', { community: reopened.name }),
      { topic: 'community', headline: ({ t }) => t('{community} is open again', { community: reopened.name }), path: '/' },
    );
    return toCommunityView(reopened);
  });
}

/**
 * Claims one community whose date has come and erases it with everything in it, in one transaction: the row is
 * taken FOR UPDATE SKIP LOCKED, so of several servers scanning at once each takes a different one (or none) and
 * a community is erased once. Its audit entries go first (their community_id would be set null, and their diff
 * may name it), then the row, whose delete cascades to memberships, logs, targets, questions, meetings,
 * notifications, reflections, invitations, applications and its imported records (users.imported_community_id).
 * An institution left with no community goes too. Returns the erased community's id, or undefined.
 */
async function eraseOneClosedCommunity(db: Database, at: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ id: string; institution_id: string }>(
      await tx.execute(sql`
        SELECT ${communities.id} AS id, ${communities.institutionId} AS institution_id FROM ${communities}
        WHERE ${communities.closesAt} <= ${at.toISOString()}::timestamptz
        ORDER BY ${communities.closesAt}
        LIMIT 1
        FOR UPDATE SKIP LOCKED`),
    )[0];
    if (!claimed) return undefined;
    await tx.delete(auditLogs).where(sql`${auditLogs.communityId} = ${claimed.id} OR (${auditLogs.entity} = 'community' AND ${auditLogs.entityId} = ${claimed.id})`);
    await tx.delete(communities).where(eq(communities.id, claimed.id));
    await tx.execute(sql`
      DELETE FROM ${institutions} WHERE ${institutions.id} = ${claimed.institution_id}
        AND NOT EXISTS (SELECT 1 FROM ${communities} WHERE ${communities.institutionId} = ${claimed.institution_id})`);
    return claimed.id;
  });
}

/** The most communities one scan erases (the next scan, 20 s later, takes the rest). */
const ERASED_PER_SCAN = 20;

/**
 * Communities whose closing date has come are erased (issue 39 item 3), once across servers, one community per
 * transaction. Returns how many messages it queued (none: members were told when it was closed).
 */
export async function eraseClosedCommunities(db: Database, delivery: DeliverySettings, at: Date): Promise<number> {
  return withDeliverySettings(delivery, async () => {
    for (let erased = 0; erased < ERASED_PER_SCAN; erased++) {
      if (!(await eraseOneClosedCommunity(db, at))) break;
    }
    return 0;
  });
}
