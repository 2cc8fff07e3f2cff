import { eq } from 'drizzle-orm';
import { addDays, type IsoDate, parseIsoDate, shiftMonth } from '@shared/domain/calendar';
import { HISTORY_OFFERED_NOTIFICATION_TITLE, type Role } from '@shared/domain/constants';
import { DAILY_TARGET_KEYS, DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { guidancePanels, memberships } from '@shared/schema/communities';
import { historyOffers } from '@shared/schema/history-offers';
import { commanderAvailability } from '@shared/schema/meetings';
import { notifications } from '@shared/schema/notifications';
import { dailyLogs } from '@shared/schema/tracking';
import type { Database } from '../../server/db/client';
import { OFFER_LIFETIME_MS } from '../../server/features/claims/link-service';
import { logContent } from '../../server/features/tracking/daily-logs';
import { OFFICE, type SeededAccount, type StoryCast } from './story-cast';

/** Each leader's office hours, in which members book meetings (the days and hours their meetings keep to). */
export async function seedOfficeHours(db: Database, cast: StoryCast): Promise<void> {
  await db.insert(commanderAvailability).values(
    cast.subgroups.flatMap(({ leader, formed }, s) =>
      OFFICE[s]!.days.map((dayOfWeek) => ({ commanderId: leader.id, communityId: cast.communityId, dayOfWeek, startTime: OFFICE[s]!.from, endTime: OFFICE[s]!.to, createdAt: cast.at(formed, '11:00') })),
    ),
  );
}

/**
 * Yesterday the moderator imported Ruth's two months from the spreadsheet the community kept before Steadfast
 * (one file a month; the rows had no e-mail, so they made an imported record of her) and offered them to her:
 * the offer waits on her My Tracking.
 */
export async function seedHistoryOffer(db: Database, cast: StoryCast): Promise<void> {
  const { at, communityId, moderator } = cast;
  const ruth = cast.members[0]!.account;
  const yesterday = addDays(cast.today, -1);
  const importedAt = at(yesterday, '09:50');
  const [record] = await db
    .insert(users)
    .values({ displayName: ruth.displayName, email: null, passwordHash: null, isImported: true, importedCommunityId: communityId, createdAt: importedAt, updatedAt: importedAt })
    .returning({ id: users.id });
  await db.insert(memberships).values({ userId: record!.id, communityId, roles: ['Member'] as Role[], createdAt: importedAt });
  const dailyKeys = DEFAULT_DISCIPLINES.filter((discipline) => discipline.isDailyGrid).map((discipline) => discipline.key);
  const before = parseIsoDate(cast.founded);
  const months = [shiftMonth(before, -2), shiftMonth(before, -1)];
  const logs = months.map((period) => {
    // Kept most days, the spreadsheet's gaps left blank.
    const dayStatus = Object.fromEntries(
      dailyKeys.map((key, k) => [key, Object.fromEntries(Array.from({ length: 28 }, (_, d) => [String(d + 1), (d + k) % 6 === 0 ? ('No' as const) : ('Yes' as const)]).filter(([day]) => Number(day) % 9 !== 0))]),
    );
    return { userId: record!.id, communityId, ...period, ...logContent(dayStatus, period, dailyKeys), createdAt: importedAt, updatedAt: importedAt };
  });
  await db.insert(dailyLogs).values(logs);
  const days = logs.reduce((sum, log) => sum + (log.dayMarks ?? '').replaceAll('.', '').length, 0);
  const offeredAt = at(yesterday, '10:00');
  await db.insert(historyOffers).values({ communityId, importedUserId: record!.id, userId: ruth.id, offeredBy: moderator.id, months: logs.length, days, createdAt: offeredAt, expiresAt: new Date(offeredAt.getTime() + OFFER_LIFETIME_MS) });
  await db.insert(notifications).values({
    toUserId: ruth.id,
    fromUserId: moderator.id,
    communityId,
    type: 'other',
    title: HISTORY_OFFERED_NOTIFICATION_TITLE,
    message: `${moderator.displayName} offered you imported history: ${logs.length} months, ${days} days. Accept or decline it on My Tracking.`,
    isRead: false,
    createdAt: offeredAt,
  });
  await db.insert(auditLogs).values([
    ...months.map((period) => ({
      actorId: moderator.id,
      communityId,
      entity: 'import',
      entityId: communityId,
      action: 'csv',
      diff: { ...period, rows: 1, importedCount: 1, createdCount: period === months[0] ? 1 : 0, changedCount: 1, errorCount: 0, refusedCellCount: 0 },
      createdAt: importedAt,
    })),
    { actorId: moderator.id, communityId, entity: 'user', entityId: ruth.id, action: 'offer-imported', diff: { importedUserId: record!.id, importedName: ruth.displayName, months: logs.length, days }, createdAt: offeredAt },
  ]);
}

/**
 * The audit log of how the community came to be, which Overview's Recent Activity reads: founded with Fasting
 * kept in secret, guidance written, subgroups formed and led, everyone's joining, placing and targets.
 */
export async function seedRecentActivity(db: Database, cast: StoryCast, loggers: { person: SeededAccount; joined: IsoDate }[]): Promise<void> {
  const { at, communityId, moderator, founded } = cast;
  const [guidance] = await db.select({ id: guidancePanels.id }).from(guidancePanels).where(eq(guidancePanels.communityId, communityId));
  const entry = (actorId: string, entity: string, entityId: string, action: string, diff: Record<string, unknown>, createdAt: Date) => ({ actorId, communityId, entity, entityId, action, diff, createdAt });
  const leading = new Map(cast.subgroups.map((subgroup) => [subgroup.leader.id, subgroup.id]));
  const count = cast.subgroups.length;
  const placed = [
    ...cast.commanders.map(({ account, joined }) => ({ account, joined, subgroupId: leading.get(account.id)!, commander: true })),
    ...cast.members.map(({ account, joined }, i) => ({ account, joined, subgroupId: cast.subgroups[i % count]!.id, commander: false })),
  ];
  await db.insert(auditLogs).values([
    entry(moderator.id, 'community', communityId, 'create', { name: cast.communityName }, at(founded, '09:00')),
    entry(moderator.id, 'discipline_templates', communityId, 'replace', { keys: DEFAULT_DISCIPLINES.map((d) => d.key), privateKeys: ['fasting'] }, at(founded, '09:05')),
    entry(moderator.id, 'guidance', guidance!.id, 'save', { sectionsReplaced: true, sectionCount: 4, markdownLength: 160 }, at(addDays(founded, 1), '10:00')),
    ...cast.subgroups.flatMap(({ id, name, leader, formed }) => [
      entry(moderator.id, 'subgroup', id, 'create', { name }, at(formed, '10:30')),
      entry(moderator.id, 'subgroup', id, 'commander.update', { from: null, to: leader.id }, at(formed, '10:31')),
    ]),
    ...placed.flatMap(({ account, joined, subgroupId, commander }) => [
      entry(account.id, 'membership', account.id, 'join', { inviteCodeId: null }, at(joined, '19:30')),
      ...(commander ? [entry(moderator.id, 'membership', account.id, 'roles.update', { from: ['Member'], to: ['Commander'] }, at(joined, '19:35'))] : []),
      entry(moderator.id, 'membership', account.id, 'subgroup.assign', { subgroupId }, at(joined, '19:40')),
    ]),
    ...loggers.map(({ person, joined }) => entry(moderator.id, 'user_discipline_targets', person.id, 'update', { ...periodOf(joined), keys: [...DAILY_TARGET_KEYS] }, at(joined, '19:45'))),
  ]);
}

const periodOf = (date: IsoDate) => ({ year: parseIsoDate(date).year, month: parseIsoDate(date).month });
