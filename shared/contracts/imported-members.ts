import { z } from 'zod';
import { uuidField } from './fields';

/**
 * POST /api/communities/{id}/imported-members/{importedUserId}/link (DECISIONS.md "Imported members and
 * claiming"): an admin of the community moves a name-only imported record's history onto a real member of it.
 */
export const linkImportedMemberBody = z.object({ userId: uuidField });
export type LinkImportedMemberBody = z.infer<typeof linkImportedMemberBody>;

export interface LinkImportedMemberResult {
  message: string;
}
