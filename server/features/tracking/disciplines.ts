import { asc, eq } from 'drizzle-orm';
import { DEFAULT_DISCIPLINES, type Discipline } from '@shared/domain/disciplines';
import { disciplineTemplates } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { recordAudit } from '../audit/service';
import { resummariseCommunity } from './month-summaries';

export async function listDisciplines(db: Executor, communityId: string): Promise<Discipline[]> {
  const rows = await db
    .select({
      key: disciplineTemplates.key,
      label: disciplineTemplates.label,
      unit: disciplineTemplates.unit,
      isNumeric: disciplineTemplates.isNumeric,
      isDailyGrid: disciplineTemplates.isDailyGrid,
      order: disciplineTemplates.order,
    })
    .from(disciplineTemplates)
    .where(eq(disciplineTemplates.communityId, communityId))
    .orderBy(asc(disciplineTemplates.order), asc(disciplineTemplates.key));
  return rows.length > 0 ? rows : [...DEFAULT_DISCIPLINES];
}

/** The keys of the daily-grid disciplines, which summaries, progress and streaks are over (sorted). */
export async function dailyKeysOf(db: Executor, communityId: string): Promise<string[]> {
  return (await listDisciplines(db, communityId))
    .filter((discipline) => discipline.isDailyGrid)
    .map((discipline) => discipline.key)
    .sort();
}

/** Replaces the community's disciplines (the setup wizard and the admins). */
export async function replaceDisciplines(db: Database, context: CommunityContext, templates: Discipline[]): Promise<Discipline[]> {
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    const dailyBefore = await dailyKeysOf(tx, communityId);
    await tx.delete(disciplineTemplates).where(eq(disciplineTemplates.communityId, communityId));
    await tx.insert(disciplineTemplates).values(templates.map((template) => ({ ...template, communityId })));
    const dailyAfter = templates.filter((template) => template.isDailyGrid).map((template) => template.key);
    // Every month's summary is over the daily disciplines: a different set summarises every log again.
    if (dailyBefore.join() !== [...dailyAfter].sort().join()) await resummariseCommunity(tx, communityId, dailyAfter);
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'discipline_templates', entityId: communityId, action: 'replace', diff: { keys: templates.map((t) => t.key) } });
  });
  return listDisciplines(db, communityId);
}

