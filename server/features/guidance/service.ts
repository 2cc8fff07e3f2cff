import { eq } from 'drizzle-orm';
import type { GuidanceSection, GuidanceView, saveGuidanceBody } from '@shared/contracts/guidance';
import { guidancePanels } from '@shared/schema/communities';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { recordAudit } from '../audit/service';

type SaveGuidance = z.output<typeof saveGuidanceBody>;

const EMPTY_GUIDANCE: GuidanceView = { sections: [], contentMarkdown: '', updatedAt: null };

/** The guidance as the API answers it; the empty one without a saved row. */
export function toGuidanceView(row: { sections: unknown[]; contentMarkdown: string; updatedAt: Date } | undefined): GuidanceView {
  if (!row) return EMPTY_GUIDANCE;
  // Sections were checked against the contract when saved.
  return { sections: row.sections as GuidanceSection[], contentMarkdown: row.contentMarkdown, updatedAt: row.updatedAt.toISOString() };
}

/** The community's guidance; empty (and updatedAt null) until someone saves it. */
export async function getGuidance(db: Executor, communityId: string): Promise<GuidanceView> {
  const [row] = await db
    .select({ sections: guidancePanels.sections, contentMarkdown: guidancePanels.contentMarkdown, updatedAt: guidancePanels.updatedAt })
    .from(guidancePanels)
    .where(eq(guidancePanels.communityId, communityId))
    .limit(1);
  return toGuidanceView(row);
}

/**
 * Saves the one guidance row of the community (ON CONFLICT on its unique community id, so two first saves
 * at once both succeed, the later one winning). Sections omitted (the setup wizard sends only the markdown)
 * keep the stored ones; sections sent replace them.
 */
export async function saveGuidance(db: Database, context: CommunityContext, input: SaveGuidance, now: Date): Promise<GuidanceView> {
  const communityId = context.community.id;
  const changes = {
    contentMarkdown: input.contentMarkdown,
    updatedByUserId: context.userId,
    updatedAt: now,
    ...(input.sections !== undefined ? { sections: input.sections } : {}),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(guidancePanels)
      .values({ communityId, sections: input.sections ?? [], ...changes })
      .onConflictDoUpdate({ target: guidancePanels.communityId, set: changes })
      .returning();
    await recordAudit(tx, {
      actorId: context.userId,
      communityId,
      entity: 'guidance',
      entityId: row!.id,
      action: 'save',
      diff: { sectionsReplaced: input.sections !== undefined, sectionCount: row!.sections.length, markdownLength: row!.contentMarkdown.length },
    });
    return toGuidanceView(row!);
  });
}
