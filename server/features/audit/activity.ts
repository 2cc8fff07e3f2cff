import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVITY_PAGE_SIZE, type ActivityDetail, type ActivityEntry, type ActivityPage } from '@shared/contracts/activity';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { subgroups } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { decodeCursor, encodeCursor, UUID_PATTERN } from '../../http/cursor';

/** Entities whose id is a person's: the member a line is about. */
const ABOUT_A_PERSON = new Set(['membership', 'user', 'user_discipline_targets']);

type Diff = Record<string, unknown> | null;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
/** A timestamptz as Postgres writes it in ISO style ('2026-03-01 12:00:00.123456+00'). */
const POSTGRES_INSTANT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const uuid = (value: unknown) => (typeof value === 'string' && UUID_PATTERN.test(value) ? value : undefined);

/**
 * Recent Activity (issue 41): the community's audit log, newest first, keyset-paged by (created_at, id). Each
 * entry's diff is read through a list of what its sentence may say, so what the log keeps for the record (a
 * review's notes, a member's targets, an invite's code) never reaches the page.
 */
export async function communityActivity(db: Executor, context: CommunityContext, cursor: string | undefined): Promise<ActivityPage> {
  const after = cursor ? decodeCursor(cursor, ([at, id, ...rest]) => (rest.length === 0 && typeof at === 'string' && POSTGRES_INSTANT.test(at) && uuid(id) ? { at, id: id as string } : null)) : null;
  const rows = await db
    .select({
      id: auditLogs.id,
      // The cursor keeps Postgres's microseconds (a JavaScript Date would round them off and skip a row).
      cursorAt: sql<string>`${auditLogs.createdAt}::text`,
      at: auditLogs.createdAt,
      entity: auditLogs.entity,
      action: auditLogs.action,
      entityId: auditLogs.entityId,
      diff: auditLogs.diff,
      actorId: auditLogs.actorId,
      actorLabel: auditLogs.actorLabel,
      actorName: users.displayName,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(
      and(
        eq(auditLogs.communityId, context.community.id),
        // The first condition lets audit_logs_community_idx (community, created_at) start the scan where the page did.
        after ? sql`${auditLogs.createdAt} <= ${after.at}::timestamptz AND (${auditLogs.createdAt}, ${auditLogs.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);

  const personIds = new Set<string>();
  const subgroupIds = new Set<string>();
  for (const row of page) {
    const diff = row.diff as Diff;
    if (ABOUT_A_PERSON.has(row.entity) && uuid(row.entityId)) personIds.add(row.entityId);
    if (row.entity === 'subgroup' && uuid(row.entityId)) subgroupIds.add(row.entityId);
    const to = uuid(diff?.to);
    if (row.entity === 'subgroup' && row.action === 'commander.update' && to) personIds.add(to);
    const placedIn = uuid(diff?.subgroupId);
    if (placedIn) subgroupIds.add(placedIn);
  }
  const [people, groups] = await Promise.all([
    personIds.size > 0 ? db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, [...personIds])) : [],
    subgroupIds.size > 0
      ? db
          .select({ id: subgroups.id, name: subgroups.name })
          .from(subgroups)
          .where(and(inArray(subgroups.id, [...subgroupIds]), eq(subgroups.communityId, context.community.id)))
      : [],
  ]);
  const personName = new Map(people.map((person) => [person.id, person.name]));
  const subgroupName = new Map(groups.map((group) => [group.id, group.name]));

  const entries = page.map((row): ActivityEntry => {
    const diff = row.diff as Diff;
    const subject = row.entity === 'subgroup' ? (subgroupName.get(row.entityId) ?? null) : ABOUT_A_PERSON.has(row.entity) ? (personName.get(row.entityId) ?? null) : null;
    return {
      id: row.id,
      at: row.at.toISOString(),
      kind: `${row.entity}.${row.action}`,
      actor: row.actorName ?? row.actorLabel ?? null,
      subject,
      detail: detailOf(row.entity, row.action, diff, { personName, subgroupName }),
    };
  });
  const last = page.at(-1);
  return { entries, nextCursor: rows.length > ACTIVITY_PAGE_SIZE && last ? encodeCursor([last.cursorAt, last.id]) : null };
}

function detailOf(
  entity: string,
  action: string,
  diff: Diff,
  names: { personName: Map<string, string>; subgroupName: Map<string, string> },
): ActivityDetail {
  const period = { month: number(diff?.month), year: number(diff?.year) };
  switch (`${entity}.${action}`) {
    case 'community.create':
    case 'subgroup.create':
    case 'subgroup.delete':
      return { name: text(diff?.name) };
    case 'community.update':
      return { fields: Object.keys(diff ?? {}) };
    case 'membership.roles.update':
      return { roles: Array.isArray(diff?.to) ? diff.to.filter((role): role is string => typeof role === 'string') : [] };
    case 'membership.subgroup.assign': {
      const id = uuid(diff?.subgroupId);
      return { to: id ? (names.subgroupName.get(id) ?? null) : null };
    }
    case 'subgroup.commander.update': {
      const id = uuid(diff?.to);
      return { to: id ? (names.personName.get(id) ?? null) : null };
    }
    case 'calendar_lock.lock':
    case 'calendar_lock.unlock':
    case 'calendar_lock.remove':
    case 'user_discipline_targets.update':
      return period;
    case 'import.csv':
      return { ...period, count: number(diff?.importedCount) };
    case 'user.claim':
    case 'user.link-imported':
    case 'user.offer-imported':
    case 'user.decline-imported':
      return { name: text(diff?.importedName) };
    case 'user.rename':
      return { name: text(diff?.from) };
    default:
      return {};
  }
}
