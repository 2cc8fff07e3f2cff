import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_TIMEOUT_MS } from '@shared/domain/constants';
import { AUDIT_KEEP_DAYS, BACKUP_RUN_KEEP_DAYS, CARE_MARK_KEEP_DAYS, daysBefore, EMAIL_LINK_KEEP_DAYS, HISTORY_OFFER_DAYS, NOTIFICATION_KEEP_DAYS, SENT_MAIL_KEEP_DAYS, SESSION_IDLE_DAYS } from '@shared/domain/retention';
import { auditLogs } from '@shared/schema/audit';
import { backupRuns } from '@shared/schema/backups';
import { careReachOuts } from '@shared/schema/care';
import { emailTokens, users } from '@shared/schema/auth';
import { historyOffers } from '@shared/schema/history-offers';
import { mailOutbox } from '@shared/schema/mail';
import { notifications } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { createCommunity, signUp, uniqueIdentity } from '../../test/factories';
import { OFFER_LIFETIME_MS } from '../claims/link-service';
import { PRUNE_EVERY_MS, pruneExpiredData, pruneNow } from './prune';

/*
 * Nothing kept for ever (issue 39 item 4): the scheduled scan's pruning, on the real database. Every row here
 * is written with its own dates, and pruning runs at the real time, so on a shared Postgres it never reaches
 * another test file's rows (none of theirs is months old).
 */

const { app, database } = await createTestApp();
const db = database.db;

const MINUTE = 60_000;
/** Just inside a limit: kept. */
const inside = (at: Date, days: number) => new Date(daysBefore(at, days).getTime() + MINUTE);
/** Just past it: pruned. */
const past = (at: Date, days: number) => new Date(daysBefore(at, days).getTime() - MINUTE);

async function notificationsAt(userId: string, dates: Date[]) {
  const rows = await db
    .insert(notifications)
    .values(dates.map((createdAt, index) => ({ toUserId: userId, type: 'other' as const, title: `old ${index}`, message: 'kept?', createdAt })))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

const remaining = async (ids: string[]) => (await db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, ids))).map((row) => row.id);

describe('pruneNow', () => {
  it('keeps notifications, audit entries, tokens and sent mail just inside their limits and deletes them just past', async () => {
    const at = new Date();
    const { user } = await signUp(app);

    const [keptNote, goneNote] = await notificationsAt(user.id, [inside(at, NOTIFICATION_KEEP_DAYS), past(at, NOTIFICATION_KEEP_DAYS)]);

    const entity = `prune-${randomBytes(6).toString('hex')}`;
    await db.insert(auditLogs).values([
      { entity, entityId: 'kept', action: 'test', createdAt: inside(at, AUDIT_KEEP_DAYS) },
      { entity, entityId: 'gone', action: 'test', createdAt: past(at, AUDIT_KEEP_DAYS) },
    ]);

    const token = (name: string, expiresAt: Date, usedAt: Date | null = null) => ({
      userId: user.id,
      purpose: 'verify-email' as const,
      tokenHash: `${name}-${randomBytes(16).toString('hex')}`,
      email: user.email!,
      credentialVersion: 1,
      expiresAt,
      usedAt,
    });
    await db.insert(emailTokens).values([
      token('kept-expired', inside(at, EMAIL_LINK_KEEP_DAYS)),
      token('kept-open', new Date(at.getTime() + 60 * MINUTE)),
      token('gone-expired', past(at, EMAIL_LINK_KEEP_DAYS)),
      token('gone-used', past(at, EMAIL_LINK_KEEP_DAYS), daysBefore(at, 3)),
    ]);

    const recipient = uniqueIdentity('outbox').email;
    const mail = (kind: string, createdAt: Date, done: { sentAt?: Date; failedAt?: Date }) => ({ recipient, subject: '', textBody: '', kind, createdAt, ...done });
    await db.insert(mailOutbox).values([
      mail('kept-sent', inside(at, SENT_MAIL_KEEP_DAYS), { sentAt: inside(at, SENT_MAIL_KEEP_DAYS) }),
      mail('kept-unsent', past(at, SENT_MAIL_KEEP_DAYS), {}),
      mail('gone-sent', past(at, SENT_MAIL_KEEP_DAYS), { sentAt: past(at, SENT_MAIL_KEEP_DAYS) }),
      mail('gone-failed', past(at, SENT_MAIL_KEEP_DAYS), { failedAt: inside(at, SENT_MAIL_KEEP_DAYS) }),
    ]);

    const { community } = await createCommunity(app);
    const mark = (reachedAt: Date) => ({ communityId: community.id, memberId: user.id, reachedAt, reachedOn: reachedAt.toISOString().slice(0, 10) });
    const [keptMark, goneMark] = await db
      .insert(careReachOuts)
      .values([mark(inside(at, CARE_MARK_KEEP_DAYS)), mark(past(at, CARE_MARK_KEEP_DAYS + 1))])
      .returning({ id: careReachOuts.id });

    const { deleted } = await pruneNow(db, at);

    expect(await remaining([keptNote!, goneNote!])).toEqual([keptNote]);
    const marks = await db.select({ id: careReachOuts.id }).from(careReachOuts).where(inArray(careReachOuts.id, [keptMark!.id, goneMark!.id]));
    expect(marks.map((row) => row.id)).toEqual([keptMark!.id]);
    expect((await db.select({ entityId: auditLogs.entityId }).from(auditLogs).where(eq(auditLogs.entity, entity))).map((row) => row.entityId)).toEqual(['kept']);
    const tokens = await db.select({ hash: emailTokens.tokenHash }).from(emailTokens).where(eq(emailTokens.userId, user.id));
    // (The sign-up's own verification link is open, and kept.)
    const ours = tokens.map((row) => row.hash.split('-').slice(0, 2).join('-')).filter((name) => /^(kept|gone)-/.test(name));
    expect(ours.sort()).toEqual(['kept-expired', 'kept-open']);
    const mails = await db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
    expect(mails.map((row) => row.kind).sort()).toEqual(['kept-sent', 'kept-unsent']);
    for (const rule of ['notifications', 'audit_logs', 'care_reach_outs', 'email_tokens']) expect(deleted[rule]).toBeGreaterThanOrEqual(1);
    expect(deleted.mail_outbox).toBeGreaterThanOrEqual(2);
  });

  it("keeps a scheduled backup's record within its 60 days and deletes it just past", async () => {
    const at = new Date();
    // Moments of their own (due_at is unique), far from any other test's.
    const moment = (days: number) => new Date(Date.UTC(1990, 0, 1) + days * 86_400_000 + Math.floor(Math.random() * 86_400_000));
    const [kept, gone] = await db
      .insert(backupRuns)
      .values([
        { dueAt: moment(1), startedAt: new Date(daysBefore(at, BACKUP_RUN_KEEP_DAYS).getTime() + MINUTE), file: 'steadfast-kept.tar.gz' },
        { dueAt: moment(2), startedAt: new Date(daysBefore(at, BACKUP_RUN_KEEP_DAYS).getTime() - MINUTE), file: 'steadfast-gone.tar.gz' },
      ])
      .returning({ id: backupRuns.id });
    await pruneNow(db, at);
    const left = await db.select({ id: backupRuns.id }).from(backupRuns).where(inArray(backupRuns.id, [kept!.id, gone!.id]));
    expect(left.map((row) => row.id)).toEqual([kept!.id]);
  });

  it('keeps a pending offer within its 30 days and deletes a lapsed one and a declined one', async () => {
    const at = new Date();
    const { community } = await createCommunity(app);
    const { user } = await signUp(app);
    const records = await db
      .insert(users)
      .values(['pending', 'lapsed', 'declined'].map((name) => ({ displayName: `${name} ${uniqueIdentity().displayName}`, isImported: true, importedCommunityId: community.id })))
      .returning({ id: users.id });
    const offer = (importedUserId: string, status: 'pending' | 'declined', expiresAt: Date) => ({
      communityId: community.id,
      importedUserId,
      userId: user.id,
      months: 1,
      days: 3,
      status,
      expiresAt,
      decidedAt: status === 'declined' ? at : null,
    });
    const later = new Date(at.getTime() + OFFER_LIFETIME_MS - MINUTE);
    const [pending, lapsed, declined] = await db
      .insert(historyOffers)
      .values([offer(records[0]!.id, 'pending', later), offer(records[1]!.id, 'pending', new Date(at.getTime() - MINUTE)), offer(records[2]!.id, 'declined', later)])
      .returning({ id: historyOffers.id });

    await pruneNow(db, at);

    const left = await db.select({ id: historyOffers.id }).from(historyOffers).where(inArray(historyOffers.id, [pending!.id, lapsed!.id, declined!.id]));
    expect(left.map((row) => row.id)).toEqual([pending!.id]);
  });

  it('deletes more rows than one batch across batches, and stops a run after its last batch with `more`', async () => {
    const at = new Date();
    const { user } = await signUp(app);
    const old = past(at, NOTIFICATION_KEEP_DAYS);
    const ids = await notificationsAt(user.id, Array.from({ length: 11 }, (_, index) => new Date(old.getTime() - index * MINUTE)));

    // Batches of 3, at most 2 a run: 6, then 5 (a batch of 3 and one of 2, less than a batch: done).
    const first = await pruneNow(db, at, { batchSize: 3, maxBatches: 2 });
    expect(first.more).toBe(true);
    expect(await remaining(ids)).toHaveLength(5);
    // Oldest first.
    expect(await remaining(ids)).toEqual(expect.arrayContaining(ids.slice(0, 5)));

    const second = await pruneNow(db, at, { batchSize: 3, maxBatches: 2 });
    expect(await remaining(ids)).toEqual([]);
    expect(second.deleted.notifications).toBeGreaterThanOrEqual(5);
  });
});

describe('pruneExpiredData (the scheduled scan)', () => {
  it('prunes at once, then not again for an hour on this server', async () => {
    const at = new Date();
    const { user } = await signUp(app);
    const [first] = await notificationsAt(user.id, [past(at, NOTIFICATION_KEEP_DAYS)]);
    expect(await pruneExpiredData(db, at)).toBe(0);
    expect(await remaining([first!])).toEqual([]);

    const [second] = await notificationsAt(user.id, [past(at, NOTIFICATION_KEEP_DAYS)]);
    await pruneExpiredData(db, new Date(at.getTime() + 20_000));
    expect(await remaining([second!])).toEqual([second]);

    await pruneExpiredData(db, new Date(at.getTime() + PRUNE_EVERY_MS));
    expect(await remaining([second!])).toEqual([]);
  });
});

describe('the keeping periods', () => {
  it('are the ones the server keeps by elsewhere', () => {
    expect(SESSION_IDLE_DAYS * 24 * 60 * MINUTE).toBe(SESSION_IDLE_TIMEOUT_MS);
    expect(HISTORY_OFFER_DAYS * 24 * 60 * MINUTE).toBe(OFFER_LIFETIME_MS);
  });
});
