import { once } from 'node:events';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Response } from 'express';
import { communities, guidancePanels, subgroups } from '@shared/schema/communities';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { listDisciplines } from '../tracking/disciplines';
import { listMembers } from './member-list';

/*
 * GET /api/communities/{id}/export (issue 39 item 3): one JSON file of the community for its moderators: its
 * settings, disciplines, guidance, subgroups, members (as the admins' member list shows them), daily logs,
 * targets and monthly goals. Never questions, answers, notes, reflections or any care data: those are private
 * to a member and their commander. A congregation (2,000 members, a year of logs) is read a page at a time
 * outside any transaction and written as it is read, so no connection or lock is held for the whole file.
 */

/** Rows read per query. */
export const EXPORT_PAGE_SIZE = 500;

/** The file's name: steadfast-<name as a slug, else the id>-<date>.json. */
export function communityExportFileName(community: { id: string; name: string }, now: Date): string {
  const slug = community.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `steadfast-${slug || community.id}-${now.toISOString().slice(0, 10)}.json`;
}

/** Writes a chunk, waiting when the socket's buffer is full (a slow download does not fill the server's memory). */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  if (res.destroyed) throw new Error('The download was closed before it finished.');
}

/** Writes `"name":[…]` reading `page(after)` until a page comes back short. */
async function writePagedArray<T>(res: Response, name: string, page: (after: T | undefined) => PromiseLike<T[]>, shape: (row: T) => unknown): Promise<void> {
  await write(res, `,${JSON.stringify(name)}:[`);
  let after: T | undefined;
  let first = true;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) {
      await write(res, (first ? '' : ',') + rows.map((row) => JSON.stringify(shape(row))).join(','));
      first = false;
    }
    if (rows.length < EXPORT_PAGE_SIZE) break;
    after = rows.at(-1);
    // A turn of the event loop between pages: other requests are served meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await write(res, ']');
}

/**
 * After (userId, year, month) in that order: the keyset of the logs' and targets' pages, as one row comparison,
 * which Postgres reads as a range of the index after the community (three ORs made each page scan from the start).
 */
function keysetAfter(
  columns: { userId: typeof dailyLogs.userId | typeof userDisciplineTargets.userId; year: typeof dailyLogs.year | typeof userDisciplineTargets.year; month: typeof dailyLogs.month | typeof userDisciplineTargets.month },
  after: { userId: string; year: number; month: number } | undefined,
): SQL | undefined {
  if (!after) return undefined;
  return sql`(${columns.userId}, ${columns.year}, ${columns.month}) > (${after.userId}::uuid, ${after.year}::int, ${after.month}::int)`;
}

/** Streams the community's export as the response's body (the caller has set the headers). */
export async function writeCommunityExport(db: Executor, context: CommunityContext, res: Response, now: Date): Promise<void> {
  const communityId = context.community.id;
  const [community] = await db.select().from(communities).where(eq(communities.id, communityId));
  if (!community) throw new Error('The community was erased while it was exported.');
  const disciplines = await listDisciplines(db, communityId);
  const [guidance] = await db
    .select({ contentMarkdown: guidancePanels.contentMarkdown, sections: guidancePanels.sections, updatedAt: guidancePanels.updatedAt })
    .from(guidancePanels)
    .where(eq(guidancePanels.communityId, communityId));
  const groups = await db
    .select({ id: subgroups.id, name: subgroups.name, description: subgroups.description, commanderId: subgroups.commanderId, createdAt: subgroups.createdAt })
    .from(subgroups)
    .where(eq(subgroups.communityId, communityId))
    .orderBy(asc(subgroups.name), asc(subgroups.id));
  // The admins' member list, exactly as it shows the members (e-mails as it shows them to admins), one statement.
  const members = await listMembers(db, context);

  const head = {
    format: 'steadfast-community-export',
    version: 1,
    exportedAt: now.toISOString(),
    community: {
      id: community.id,
      name: community.name,
      description: community.description,
      isPrivate: community.isPrivate,
      isProgressLocked: community.isProgressLocked,
      timeZone: community.timeZone,
      defaultLocale: community.defaultLocale,
      graceDays: community.graceDays,
      quietDays: community.quietDays,
      theme: community.theme,
      createdAt: community.createdAt.toISOString(),
      closesAt: community.closesAt?.toISOString() ?? null,
    },
    disciplines: disciplines.map(({ key, label, unit, isNumeric, isDailyGrid, isPrivate, order }) => ({ key, label, unit, isNumeric, isDailyGrid, isPrivate, order })),
    guidance: guidance ? { contentMarkdown: guidance.contentMarkdown, sections: guidance.sections, updatedAt: guidance.updatedAt.toISOString() } : null,
    subgroups: groups.map((group) => ({ ...group, createdAt: group.createdAt.toISOString() })),
    members: members.map((member) => ({
      id: member.id,
      displayName: member.displayName,
      email: member.email,
      roles: member.roles,
      subgroupId: member.subgroupId,
      isImported: member.isImported,
      joinedAt: member.createdAt,
    })),
  };
  // The head without its closing brace; the paged arrays follow.
  await write(res, JSON.stringify(head).slice(0, -1));

  const logColumns = {
    userId: dailyLogs.userId,
    year: dailyLogs.year,
    month: dailyLogs.month,
    dayStatus: dailyLogs.dayStatus,
    entries: dailyLogs.entries,
    monthlyCompletions: dailyLogs.monthlyCompletions,
    updatedAt: dailyLogs.updatedAt,
  };
  type LogRow = { userId: string; year: number; month: number; dayStatus: unknown; entries: unknown; monthlyCompletions: unknown; updatedAt: Date };
  await writePagedArray<LogRow>(
    res,
    'dailyLogs',
    (after) =>
      db
        .select(logColumns)
        .from(dailyLogs)
        .where(and(eq(dailyLogs.communityId, communityId), keysetAfter(dailyLogs, after)))
        .orderBy(asc(dailyLogs.userId), asc(dailyLogs.year), asc(dailyLogs.month))
        .limit(EXPORT_PAGE_SIZE),
    (log) => ({
      userId: log.userId,
      year: log.year,
      month: log.month,
      dayStatus: log.dayStatus,
      entries: log.entries,
      // The member's monthly completion goals (retreat, prayer walk, ...).
      monthlyGoals: log.monthlyCompletions,
      updatedAt: log.updatedAt.toISOString(),
    }),
  );

  await writePagedArray<typeof userDisciplineTargets.$inferSelect>(
    res,
    'targets',
    (after) =>
      db
        .select()
        .from(userDisciplineTargets)
        .where(and(eq(userDisciplineTargets.communityId, communityId), keysetAfter(userDisciplineTargets, after)))
        .orderBy(asc(userDisciplineTargets.userId), asc(userDisciplineTargets.year), asc(userDisciplineTargets.month))
        .limit(EXPORT_PAGE_SIZE),
    ({ id: _id, communityId: _community, createdAt: _created, updatedAt, ...target }) => ({ ...target, updatedAt: updatedAt.toISOString() }),
  );
  await write(res, '}');
}
