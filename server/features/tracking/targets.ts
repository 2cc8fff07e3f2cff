import { and, desc, eq, lte, or } from 'drizzle-orm';
import type { DisciplineTargets, MonthlyTargetsBody } from '@shared/contracts/tracking';
import type { YearMonth } from '@shared/domain/calendar';
import { FIXED_TARGET_VALUES, TARGET_KEYS } from '@shared/domain/disciplines';
import { userDisciplineTargets } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { recordAudit } from '../audit/service';
import { assertMemberOf } from './daily-logs';
import { withheldFrom } from './private-disciplines';

type Month = YearMonth;

export type TargetValues = Record<(typeof TARGET_KEYS)[number], string | null>;

/**
 * The targets in force for a month, per member: that month's, else the latest earlier ones (targets carry
 * forward). One query for the whole community, or for one member when `userId` is given.
 */
export async function targetsInForce(db: Executor, communityId: string, period: Month, userId?: string) {
  const rows = await db
    .selectDistinctOn([userDisciplineTargets.userId])
    .from(userDisciplineTargets)
    .where(
      and(
        eq(userDisciplineTargets.communityId, communityId),
        userId ? eq(userDisciplineTargets.userId, userId) : undefined,
        or(lte(userDisciplineTargets.year, period.year - 1), and(eq(userDisciplineTargets.year, period.year), lte(userDisciplineTargets.month, period.month))),
      ),
    )
    .orderBy(userDisciplineTargets.userId, desc(userDisciplineTargets.year), desc(userDisciplineTargets.month));
  return new Map(rows.map((row) => [row.userId, row]));
}

/**
 * The ten target fields of a targets row (all null without one), with the two goals every member has
 * (monthly retreat, the hour of silence: SPEC.md section 9) always 'Yes', saved or not.
 */
export function targetValues(row: TargetValues | undefined): TargetValues {
  const values = Object.fromEntries(TARGET_KEYS.map((key) => [key, row?.[key] ?? null])) as TargetValues;
  return { ...values, ...FIXED_TARGET_VALUES };
}

export async function getTargets(db: Executor, context: CommunityContext, userId: string, period: Month): Promise<DisciplineTargets> {
  const communityId = context.community.id;
  const withheld = await withheldFrom(db, context, userId);
  const targets = toTargetsView(userId, (await targetsInForce(db, communityId, period, userId)).get(userId));
  // A discipline kept in secret has no target to show anyone outside the member's care circle.
  const isTargetKey = (key: string): key is keyof TargetValues => (TARGET_KEYS as readonly string[]).includes(key);
  for (const key of withheld.filter(isTargetKey)) targets[key] = null;
  return targets;
}

/** A member's targets in force as the API answers them: the month they were set for, and the values. */
export function toTargetsView(userId: string, row: (TargetValues & { month: number; year: number }) | undefined): DisciplineTargets {
  return { userId, month: row?.month ?? null, year: row?.year ?? null, ...targetValues(row) };
}

export async function setTargets(db: Database, context: CommunityContext, input: MonthlyTargetsBody, now: Date): Promise<DisciplineTargets> {
  const communityId = context.community.id;
  await assertMemberOf(db, communityId, input.userId);
  const values = targetValues(input);
  await db.transaction(async (tx) => {
    await tx
      .insert(userDisciplineTargets)
      .values({ userId: input.userId, communityId, month: input.month, year: input.year, ...values })
      .onConflictDoUpdate({
        target: [userDisciplineTargets.userId, userDisciplineTargets.communityId, userDisciplineTargets.year, userDisciplineTargets.month],
        set: { ...values, updatedAt: now },
      });
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'user_discipline_targets', entityId: input.userId, action: 'update', diff: { month: input.month, year: input.year, ...values } });
  });
  return getTargets(db, context, input.userId, input);
}
