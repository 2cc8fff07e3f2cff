import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { CreateSubgroupBody, OwnSubgroupView, SubgroupView } from '@shared/contracts/subgroups';
import { atLeast } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import type { Database, Executor } from '../../db/client';
import { type CommunityContext, standingOfUser } from '../../http/community-context';
import { badRequest, conflict, isUniqueViolation, notFound, violatedConstraint } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { handOverOpenQuestions } from '../questions/service';
import { lockStanding } from './leads';

export const SUBGROUP_NOT_FOUND = apiMessage('Subgroup not found.');
export const MEMBER_NOT_FOUND = apiMessage('Member not found.');
export const SUBGROUP_NAME_TAKEN = apiMessage('A subgroup with this name already exists in this community.');
export const NOT_A_COMMANDER_MESSAGE = apiMessage('Only members holding Commander or an admin role can lead a subgroup.');

/** Every subgroup of the community with its commander's name and how many members it has, by name. */
export async function listSubgroups(db: Executor, communityId: string, onlyId?: string): Promise<SubgroupView[]> {
  const memberCounts = db
    .select({ subgroupId: memberships.subgroupId, members: count().as('members') })
    .from(memberships)
    .where(eq(memberships.communityId, communityId))
    .groupBy(memberships.subgroupId)
    .as('member_counts');
  const rows = await db
    .select({
      id: subgroups.id,
      communityId: subgroups.communityId,
      name: subgroups.name,
      description: subgroups.description,
      commanderId: subgroups.commanderId,
      commanderName: users.displayName,
      memberCount: sql<number>`coalesce(${memberCounts.members}, 0)`.mapWith(Number),
      createdAt: subgroups.createdAt,
    })
    .from(subgroups)
    .leftJoin(users, eq(users.id, subgroups.commanderId))
    .leftJoin(memberCounts, eq(memberCounts.subgroupId, subgroups.id))
    .where(and(eq(subgroups.communityId, communityId), onlyId ? eq(subgroups.id, onlyId) : undefined))
    .orderBy(sql`lower(${subgroups.name})`, asc(subgroups.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

async function subgroupView(db: Executor, communityId: string, subgroupId: string): Promise<SubgroupView> {
  const [view] = await listSubgroups(db, communityId, subgroupId);
  if (!view) throw notFound(SUBGROUP_NOT_FOUND);
  return view;
}

/** The subgroup, locked for the rest of the transaction, when it belongs to this community; 404 otherwise. */
async function lockedSubgroup(tx: Executor, communityId: string, subgroupId: string) {
  const [row] = await tx
    .select({ id: subgroups.id, name: subgroups.name, commanderId: subgroups.commanderId })
    .from(subgroups)
    .where(and(eq(subgroups.id, subgroupId), eq(subgroups.communityId, communityId)))
    .for('update');
  if (!row) throw notFound(SUBGROUP_NOT_FOUND);
  return row;
}

export async function createSubgroup(db: Database, context: CommunityContext, input: CreateSubgroupBody): Promise<SubgroupView> {
  const communityId = context.community.id;
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(subgroups).values({ communityId, name: input.name, description: input.description }).returning({ id: subgroups.id });
      await recordAudit(tx, { actorId: context.userId, communityId, entity: 'subgroup', entityId: row!.id, action: 'create', diff: { name: input.name } });
      return row!.id;
    })
    .catch((error: unknown) => {
      // One name per community, case aside (subgroups_community_name_unique), however many ask at once.
      if (isUniqueViolation(error) && violatedConstraint(error) === 'subgroups_community_name_unique') throw conflict(SUBGROUP_NAME_TAKEN, { name: SUBGROUP_NAME_TAKEN });
      throw error;
    });
  return subgroupView(db, communityId, id);
}

/**
 * Sets (or, with null, clears) the subgroup's commander: a member of this community holding Commander or
 * an admin role (effective roles: an InstitutionAdmin or SuperAdmin member qualifies).
 */
export async function setCommander(db: Database, context: CommunityContext, subgroupId: string, commanderId: string | null): Promise<SubgroupView> {
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    // The person, then the subgroup: the order of lockStanding (community, person, subgroup).
    if (commanderId !== null) await lockStanding(tx, commanderId);
    const subgroup = await lockedSubgroup(tx, communityId, subgroupId);
    if (commanderId !== null) {
      const standing = await standingOfUser(tx, context.community, commanderId);
      if (!standing?.membership) throw badRequest(MEMBER_NOT_FOUND, { commanderId: 'Choose a member of this community.' });
      if (!atLeast(standing.roles, 'Commander')) throw badRequest(NOT_A_COMMANDER_MESSAGE, { commanderId: NOT_A_COMMANDER_MESSAGE });
    }
    await tx.update(subgroups).set({ commanderId }).where(eq(subgroups.id, subgroup.id));
    if (commanderId !== null) await handOverOpenQuestions(tx, subgroup.id, commanderId);
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'subgroup', entityId: subgroup.id, action: 'commander.update', diff: { from: subgroup.commanderId, to: commanderId } });
  });
  return subgroupView(db, communityId, subgroupId);
}

/** Deletes the subgroup; its members become unassigned (the foreign key sets their subgroup to null). */
export async function deleteSubgroup(db: Database, context: CommunityContext, subgroupId: string): Promise<void> {
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    const subgroup = await lockedSubgroup(tx, communityId, subgroupId);
    await tx.delete(subgroups).where(eq(subgroups.id, subgroup.id));
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'subgroup', entityId: subgroup.id, action: 'delete', diff: { name: subgroup.name } });
  });
}

/** Puts a member of the community into one of its subgroups, or (null) takes them out of theirs. */
export async function assignSubgroup(db: Database, context: CommunityContext, userId: string, subgroupId: string | null): Promise<{ userId: string; subgroupId: string | null }> {
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    if (subgroupId !== null) await lockedSubgroup(tx, communityId, subgroupId);
    const [membership] = await tx
      .update(memberships)
      .set({ subgroupId })
      .where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)))
      .returning({ id: memberships.id });
    if (!membership) throw notFound(MEMBER_NOT_FOUND);
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'membership', entityId: userId, action: 'subgroup.assign', diff: { subgroupId } });
  });
  return { userId, subgroupId };
}

/** The caller's subgroup in the community on screen and its commander (both null when unassigned). */
export async function ownSubgroup(db: Executor, context: CommunityContext): Promise<OwnSubgroupView> {
  const assignedId = context.membership?.subgroupId ?? null;
  // The assigned subgroup and every subgroup the caller leads, in one query; the assigned one first.
  const rows = await db
    .select({
      id: subgroups.id,
      name: subgroups.name,
      description: subgroups.description,
      createdAt: subgroups.createdAt,
      commanderId: subgroups.commanderId,
      commanderName: users.displayName,
    })
    .from(subgroups)
    .leftJoin(users, eq(users.id, subgroups.commanderId))
    .where(
      and(
        eq(subgroups.communityId, context.community.id),
        assignedId ? or(eq(subgroups.id, assignedId), eq(subgroups.commanderId, context.userId)) : eq(subgroups.commanderId, context.userId),
      ),
    )
    .orderBy(sql`${subgroups.id} = ${assignedId ?? sql`NULL`} DESC NULLS LAST`, asc(subgroups.name), asc(subgroups.id));
  const summary = (row: (typeof rows)[number]) => ({ id: row.id, name: row.name, description: row.description, createdAt: row.createdAt.toISOString() });
  const [main, ...further] = rows;
  if (!main) return { subgroup: null, commander: null, ledSubgroups: [] };
  return {
    subgroup: summary(main),
    commander: main.commanderId && main.commanderName ? { id: main.commanderId, displayName: main.commanderName } : null,
    ledSubgroups: further.map(summary),
  };
}
