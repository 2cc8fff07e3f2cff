import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_DISCIPLINES, type Discipline } from '@shared/domain/disciplines';
import { communities } from '@shared/schema/communities';
import { disciplineTemplates } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext, CommunityRow } from '../../http/community-context';
import { recordAudit } from '../audit/service';
import { resummariseCommunity } from './month-summaries';

/** The community's disciplines as stored now (inside a transaction that changes them, or without a context). */
export async function listDisciplines(db: Executor, communityId: string): Promise<Discipline[]> {
  const rows = await db
    .select({
      key: disciplineTemplates.key,
      label: disciplineTemplates.label,
      unit: disciplineTemplates.unit,
      isNumeric: disciplineTemplates.isNumeric,
      isDailyGrid: disciplineTemplates.isDailyGrid,
      isPrivate: disciplineTemplates.isPrivate,
      order: disciplineTemplates.order,
    })
    .from(disciplineTemplates)
    .where(eq(disciplineTemplates.communityId, communityId))
    .orderBy(asc(disciplineTemplates.order), asc(disciplineTemplates.key));
  return rows.length > 0 ? rows : [...DEFAULT_DISCIPLINES];
}

type CachedDisciplines = { version: number; disciplines: Promise<Discipline[]> };
const cachesByDatabase = new WeakMap<Executor, Map<string, CachedDisciplines>>();

/**
 * The disciplines of the request's community, read once per replacement: the community row the request
 * loaded carries disciplines_version, which replaceDisciplines raises in its transaction, so every server
 * of a deployment sees a replacement on its next request. Templates read under an older number are never
 * served for a newer one (a number is read before its templates, and numbers only grow).
 */
export function communityDisciplines(
  db: Executor,
  community: Pick<CommunityRow, 'id' | 'disciplinesVersion'>,
  /** Reads through this transaction (on a miss) instead of another connection, for a caller inside one. */
  reader: Executor = db,
): Promise<Discipline[]> {
  let cache = cachesByDatabase.get(db);
  if (!cache) {
    cache = new Map();
    cachesByDatabase.set(db, cache);
  }
  const cached = cache.get(community.id);
  if (cached && cached.version >= community.disciplinesVersion) return cached.disciplines;
  const disciplines = listDisciplines(reader, community.id);
  const entry = { version: community.disciplinesVersion, disciplines };
  cache.set(community.id, entry);
  // A failed read is not kept: the next request reads again.
  disciplines.catch(() => cache.get(community.id) === entry && cache.delete(community.id));
  return disciplines;
}

/** The keys of the daily-grid disciplines, which summaries, progress and streaks are over (sorted). */
export async function dailyKeysOf(db: Executor, communityId: string): Promise<string[]> {
  return dailyKeysFrom(await listDisciplines(db, communityId));
}

const dailyKeysFrom = (disciplines: readonly Discipline[]) =>
  disciplines
    .filter((discipline) => discipline.isDailyGrid)
    .map((discipline) => discipline.key)
    .sort();

/** The sorted keys of the daily-grid disciplines of the request's community (communityDisciplines). */
export async function communityDailyKeys(db: Executor, community: Pick<CommunityRow, 'id' | 'disciplinesVersion'>, reader: Executor = db): Promise<string[]> {
  return dailyKeysFrom(await communityDisciplines(db, community, reader));
}

/** Replaces the community's disciplines (the setup wizard and the admins). */
export async function replaceDisciplines(db: Database, context: CommunityContext, templates: Discipline[]): Promise<Discipline[]> {
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    const dailyBefore = await dailyKeysOf(tx, communityId);
    await tx.delete(disciplineTemplates).where(eq(disciplineTemplates.communityId, communityId));
    await tx.insert(disciplineTemplates).values(templates.map((template) => ({ ...template, communityId })));
    await tx.update(communities).set({ disciplinesVersion: sql`${communities.disciplinesVersion} + 1` }).where(eq(communities.id, communityId));
    const dailyAfter = templates.filter((template) => template.isDailyGrid).map((template) => template.key);
    // Every month's summary is over the daily disciplines: a different set summarises every log again.
    if (dailyBefore.join() !== [...dailyAfter].sort().join()) await resummariseCommunity(tx, communityId, dailyAfter);
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'discipline_templates', entityId: communityId, action: 'replace', diff: { keys: templates.map((t) => t.key), privateKeys: templates.filter((t) => t.isPrivate).map((t) => t.key) } });
  });
  return listDisciplines(db, communityId);
}

