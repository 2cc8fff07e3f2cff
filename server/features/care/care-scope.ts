import { and, eq, type SQL } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import { isAdmin } from '@shared/domain/roles';
import { subgroups } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { forbidden, notFound } from '../../http/errors';
import { SUBGROUP_NOT_FOUND } from '../subgroups/service';

export const NOT_YOUR_SUBGROUP = apiMessage('Only its commander and admins can see the care of this subgroup.');

/**
 * The subgroups a care read covers (needs a word, reflections, care at a glance), as a condition on
 * subgroups: the one asked for, to its commander and the admins (another commander 403, one of another
 * community 404), else those the caller leads.
 */
export async function caredSubgroups(db: Executor, context: CommunityContext, subgroupId: string | undefined): Promise<{ condition: SQL; askedFor: { id: string; commanderId: string | null } | null }> {
  if (!subgroupId) return { condition: and(eq(subgroups.communityId, context.community.id), eq(subgroups.commanderId, context.userId))!, askedFor: null };
  const [subgroup] = await db
    .select({ commanderId: subgroups.commanderId })
    .from(subgroups)
    .where(and(eq(subgroups.id, subgroupId), eq(subgroups.communityId, context.community.id)));
  if (!subgroup) throw notFound(SUBGROUP_NOT_FOUND);
  if (subgroup.commanderId !== context.userId && !isAdmin(context.roles)) throw forbidden(NOT_YOUR_SUBGROUP);
  return { condition: eq(subgroups.id, subgroupId), askedFor: { id: subgroupId, commanderId: subgroup.commanderId } };
}
