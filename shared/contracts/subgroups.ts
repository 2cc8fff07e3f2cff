import { z } from 'zod';
import { multiLineText, singleLineText, uuidField } from './fields';
import { fill, msg } from '../domain/messages';

const SUBGROUP_NAME_MAX = 80;
const SUBGROUP_DESCRIPTION_MAX = 500;

/** POST /api/subgroups: a non-blank name (SPEC.md section 5), an optional description. */
export const createSubgroupBody = z.object({
  name: singleLineText(msg('Subgroup name')).min(1, msg('Please enter a name for the subgroup.')).max(SUBGROUP_NAME_MAX, fill('Subgroup name must be at most {subgroupNameMax} characters', { subgroupNameMax: SUBGROUP_NAME_MAX })),
  description: multiLineText(msg('Description'))
    .max(SUBGROUP_DESCRIPTION_MAX, fill('Description must be at most {subgroupDescriptionMax} characters', { subgroupDescriptionMax: SUBGROUP_DESCRIPTION_MAX }))
    .nullish()
    .transform((value) => value || null),
});
export type CreateSubgroupBody = z.infer<typeof createSubgroupBody>;

/** PATCH /api/subgroups/{id}/commander: null leaves the subgroup without a commander. */
export const setCommanderBody = z.object({ commanderId: uuidField.nullable() });

/** PATCH /api/users/{userId}/subgroup: null removes the member from their subgroup. */
export const assignSubgroupBody = z.object({ subgroupId: uuidField.nullable() });

export interface SubgroupView {
  id: string;
  communityId: string;
  name: string;
  description: string | null;
  commanderId: string | null;
  commanderName: string | null;
  memberCount: number;
  createdAt: string;
}

export interface OwnSubgroupSummary {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
}

/**
 * GET /api/user/subgroup: the caller's subgroup in the current community and its commander, or nulls. A
 * commander's subgroup is the one they are assigned to, else the one they lead (DECISIONS.md); any further
 * subgroups they lead are in `ledSubgroups` (never repeating `subgroup`).
 */
export interface OwnSubgroupView {
  subgroup: OwnSubgroupSummary | null;
  commander: { id: string; displayName: string } | null;
  ledSubgroups: OwnSubgroupSummary[];
}
