import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { APPLICATION_NOTIFICATION_TITLE, type ApplicationView, type createApplicationBody, type ReviewResult, type reviewApplicationBody } from '@shared/contracts/applications';
import { uuidField } from '@shared/contracts/fields';
import { FIXED_APPLICATION_TARGETS } from '@shared/domain/disciplines';
import { memberApplications } from '@shared/schema/applications';
import { users } from '@shared/schema/auth';
import { communities } from '@shared/schema/communities';
import type { SessionUser } from '../../auth/passport';
import type { Database, Executor } from '../../db/client';
import { COMMUNITY_NOT_FOUND, type CommunityContext, communityClosing } from '../../http/community-context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { insertInviteCode } from '../invites/service';
import { msg, apiMessage } from '@shared/domain/messages';
import { notifyModerators } from '../notifications/service';
import { listDisciplines } from '../tracking/disciplines';

export const APPLICATION_NOT_FOUND = apiMessage('Application not found.');
export const ALREADY_REVIEWED = apiMessage('This application has already been reviewed.');
export const APPLICATION_SENT = apiMessage('Thank you! Your application was sent.');
export const APPLICATION_UPDATED = apiMessage('Thank you! We updated the application you sent earlier with these details.');

type CreateApplication = z.output<typeof createApplicationBody>;
type ReviewApplication = z.output<typeof reviewApplicationBody>;

/**
 * The community an application is for: the body's communityId when it is an id; otherwise (SPEC.md's
 * placeholder 'default', or none) the X-Community-Id header when it is one; otherwise none (404).
 */
export function applicationCommunityId(bodyCommunityId: string | undefined, header: unknown): string {
  for (const candidate of [bodyCommunityId, header]) {
    // As sent: an id with spaces or braces around it is no id (DECISIONS.md "Input").
    const parsed = uuidField.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  throw applyLinkNotFound();
}

/**
 * A link that names no community: 404 with the message of GET /api/communities/info, and not the
 * `community_not_found` code, which tells a signed-in client that the community it shows is gone.
 */
const applyLinkNotFound = () => notFound(COMMUNITY_NOT_FOUND);

/**
 * Stores a visitor's application (status Pending, the fixed targets as the community asks them) and tells
 * the community's moderators, in one transaction. The same e-mail applying again while its application is
 * still Pending updates that one (moderators review one request per person). Answers the id and whether it
 * was an update: the visitor learns nothing else, not whether the e-mail belongs to a member.
 */
export async function createApplication(db: Database, communityId: string, input: CreateApplication, now: Date): Promise<{ id: string; updated: boolean }> {
  return db.transaction(async (tx) => {
    // Held until commit, so the community cannot be deleted between this read and the insert.
    const [community] = await tx
      .select({ id: communities.id, name: communities.name, closesAt: communities.closesAt, timeZone: communities.timeZone })
      .from(communities)
      .where(eq(communities.id, communityId))
      .for('key share');
    if (!community) throw applyLinkNotFound();
    if (community.closesAt) throw communityClosing(community);
    // One application per e-mail and community at a time: two sent at once queue here, the second updates the first.
    await assertOwnDisciplines(tx, community.id, input.disciplineTargets);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`application:${community.id}:${input.email}`}, 0))`);
    const fields = {
      name: input.name,
      message: input.message,
      disciplineTargets: { ...input.disciplineTargets, ...FIXED_APPLICATION_TARGETS },
      updatedAt: now,
    };
    const [pending] = await tx
      .update(memberApplications)
      .set(fields)
      .where(and(eq(memberApplications.communityId, community.id), eq(memberApplications.email, input.email), eq(memberApplications.status, 'Pending')))
      .returning({ id: memberApplications.id });
    const [row] = pending
      ? [pending]
      : await tx
          .insert(memberApplications)
          .values({ communityId: community.id, email: input.email, status: 'Pending', createdAt: now, ...fields })
          .returning({ id: memberApplications.id });
    await notifyModerators(tx, [community.id], {
      fromUserId: null,
      type: 'application',
      title: ({ t }) => t(APPLICATION_NOTIFICATION_TITLE),
      message: ({ t }) =>
        pending
          ? t('{name} updated their request to join {community}. Review it under Administration > New Members.', { name: input.name, community: community.name })
          : t('{name} asked to join {community}. Review it under Administration > New Members.', { name: input.name, community: community.name }),
      // The applicant has no account: their name is no subject or push (a fixed phrase is), only quoted in the e-mail's body.
      outside: {
        topic: 'applications',
        headline: ({ t }) => (pending ? t('Updated application to {community}', { community: community.name }) : t('New application to {community}', { community: community.name })),
        path: '/admin?tab=applications',
        quoted: [{ label: msg('Name'), text: input.name }],
      },
    });
    return { id: row!.id, updated: Boolean(pending) };
  });
}

export const NOT_THIS_COMMUNITYS_DISCIPLINE = apiMessage('Not a discipline of this community');

/** The targets name the community's own disciplines (its templates, or SPEC.md's ten) or the two fixed goals; else 400 per key. */
async function assertOwnDisciplines(tx: Executor, communityId: string, targets: Record<string, string>): Promise<void> {
  const keys = new Set([...(await listDisciplines(tx, communityId)).map((discipline) => discipline.key), ...Object.keys(FIXED_APPLICATION_TARGETS)]);
  const unknown = Object.keys(targets).filter((key) => !keys.has(key));
  if (unknown.length > 0) {
    throw badRequest(NOT_THIS_COMMUNITYS_DISCIPLINE, Object.fromEntries(unknown.map((key) => [`disciplineTargets.${key}`, NOT_THIS_COMMUNITYS_DISCIPLINE])));
  }
}

const applicationColumns = {
  id: memberApplications.id,
  communityId: memberApplications.communityId,
  name: memberApplications.name,
  email: memberApplications.email,
  message: memberApplications.message,
  disciplineTargets: memberApplications.disciplineTargets,
  status: memberApplications.status,
  reviewNotes: memberApplications.reviewNotes,
  reviewedBy: users.displayName,
  createdAt: memberApplications.createdAt,
  updatedAt: memberApplications.updatedAt,
};

function selectApplications(db: Executor, communityId: string, onlyId?: string) {
  return db
    .select(applicationColumns)
    .from(memberApplications)
    .leftJoin(users, eq(users.id, memberApplications.reviewedByUserId))
    .where(and(eq(memberApplications.communityId, communityId), onlyId ? eq(memberApplications.id, onlyId) : undefined))
    .orderBy(desc(memberApplications.createdAt), desc(memberApplications.id));
}

function toApplicationView(row: Awaited<ReturnType<typeof selectApplications>>[number]): ApplicationView {
  return {
    ...row,
    // Stored from the contract's target keys (plus the two fixed ones).
    disciplineTargets: row.disciplineTargets as ApplicationView['disciplineTargets'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The community's applications, newest first, with the reviewer's name. */
export async function listApplications(db: Executor, context: CommunityContext): Promise<ApplicationView[]> {
  return (await selectApplications(db, context.community.id)).map(toApplicationView);
}

/**
 * Approves or rejects a Pending application of the community, once: the update only matches while the row
 * is still Pending, so of two reviewers at once one wins and the other gets 409. Approving also creates an
 * invitation code in the same transaction, to send to the applicant (no account is made).
 */
export async function reviewApplication(
  db: Database,
  context: CommunityContext,
  actor: SessionUser,
  applicationId: string,
  input: ReviewApplication,
  now: Date,
): Promise<ReviewResult> {
  const communityId = context.community.id;
  return db.transaction(async (tx) => {
    const [reviewed] = await tx
      .update(memberApplications)
      .set({ status: input.status, reviewNotes: input.reviewNotes, reviewedByUserId: actor.id, updatedAt: now })
      .where(and(eq(memberApplications.id, applicationId), eq(memberApplications.communityId, communityId), eq(memberApplications.status, 'Pending')))
      .returning({ id: memberApplications.id });
    if (!reviewed) {
      const [existing] = await tx
        .select({ id: memberApplications.id })
        .from(memberApplications)
        .where(and(eq(memberApplications.id, applicationId), eq(memberApplications.communityId, communityId)))
        .limit(1);
      throw existing ? conflict(ALREADY_REVIEWED) : notFound(APPLICATION_NOT_FOUND);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      communityId,
      entity: 'member_application',
      entityId: applicationId,
      action: input.status === 'Approved' ? 'approve' : 'reject',
      diff: { from: 'Pending', to: input.status, reviewNotes: input.reviewNotes },
    });
    const inviteCode = input.status === 'Approved' ? await insertInviteCode(tx, { communityId, actor, now }) : null;
    const [row] = await selectApplications(tx, communityId, applicationId);
    return { application: toApplicationView(row!), inviteCode };
  });
}
