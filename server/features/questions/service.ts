import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { apiMessage, fill } from '@shared/domain/messages';
import { type AskQuestionBody, QUESTION_LIST_LIMIT, type QuestionView, type UpdateQuestionBody } from '@shared/contracts/questions';
import type { QuestionStatus } from '@shared/domain/constants';
import { can, isAdmin } from '@shared/domain/roles';
import { subgroups } from '@shared/schema/communities';
import { questions } from '@shared/schema/questions';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { notify } from '../notifications/service';

export const QUESTION_NOT_FOUND = apiMessage('Question not found.');
export const NO_COMMANDER_MESSAGE = apiMessage('No commander found for your subgroup');
export const OWN_SUBGROUP_MESSAGE = apiMessage('You lead your own subgroup: ask another commander or an admin directly.');
export const JOIN_TO_ASK_MESSAGE = apiMessage('Join this community to ask its commanders questions.');
export const ANSWERERS_ONLY_MESSAGE = apiMessage('Only the commander asked and the community admins can respond to this question.');

type QuestionRow = typeof questions.$inferSelect;

function toView(row: QuestionRow): QuestionView {
  return {
    id: row.id,
    communityId: row.communityId,
    subgroupId: row.subgroupId,
    fromUserId: row.fromUserId,
    fromUserName: row.fromUserName,
    toCommanderId: row.toCommanderId,
    title: row.title,
    body: row.body,
    priority: row.priority,
    status: row.status,
    tags: row.tags,
    answer: row.answer,
    answeredByUserId: row.answeredByUserId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Those who may answer a question: the commander it was sent to while they are one (a commander demoted to
 * Member keeps no questions, as they keep no subgroup), and the community's admins.
 */
const mayAnswer = (context: CommunityContext, question: Pick<QuestionRow, 'toCommanderId'>) =>
  (question.toCommanderId === context.userId && can(context, 'questions:answer')) || isAdmin(context.roles);

/** Questions are private between the asker and those who may answer them. */
const maySee = (context: CommunityContext, question: Pick<QuestionRow, 'fromUserId' | 'toCommanderId'>) =>
  question.fromUserId === context.userId || mayAnswer(context, question);

/**
 * A subgroup's new commander takes over its questions still waiting for an answer (Open, In Progress): they
 * were asked of "your commander". Those the new commander asked themselves stay where they were, with the
 * admins. Inside the transaction that sets the commander.
 */
export async function handOverOpenQuestions(tx: Executor, subgroupId: string, commanderId: string): Promise<void> {
  await tx
    .update(questions)
    .set({ toCommanderId: commanderId })
    .where(
      and(
        eq(questions.subgroupId, subgroupId),
        inArray(questions.status, ['Open', 'InProgress']),
        sql`${questions.toCommanderId} IS DISTINCT FROM ${commanderId}`,
        ne(questions.fromUserId, commanderId),
      ),
    );
}

/** Sends a question to the commander of the asker's subgroup, who is notified in the same transaction. */
export async function askQuestion(db: Database, context: CommunityContext, asker: { displayName: string }, input: AskQuestionBody): Promise<QuestionView> {
  if (!context.membership) throw forbidden(JOIN_TO_ASK_MESSAGE);
  const subgroupId = context.membership.subgroupId;
  const [subgroup] = subgroupId
    ? await db.select({ commanderId: subgroups.commanderId }).from(subgroups).where(eq(subgroups.id, subgroupId)).limit(1)
    : [];
  const commanderId = subgroup?.commanderId ?? null;
  if (!commanderId) throw conflict(NO_COMMANDER_MESSAGE);
  if (commanderId === context.userId) throw conflict(OWN_SUBGROUP_MESSAGE);
  const communityId = context.community.id;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(questions)
      .values({
        communityId,
        subgroupId,
        fromUserId: context.userId,
        fromUserName: asker.displayName,
        toCommanderId: commanderId,
        title: input.title,
        body: input.body,
        priority: input.priority,
        tags: input.tags,
      })
      .returning();
    await notify(tx, {
      toUserId: commanderId,
      fromUserId: context.userId,
      communityId,
      type: 'question',
      title: ({ t }) => t('New question'),
      message: ({ t }) => t('{name} asked: {title}', { name: asker.displayName, title: input.title }),
      outside: { topic: 'questions', headline: ({ t }) => t('New question: {title}', { title: input.title }), path: '/questions?tab=received' },
    });
    return created!;
  });
  return toView(row);
}

/**
 * One page of a question list, newest first: the newest QUESTION_LIST_LIMIT, or with `before` the ones older
 * than that question (which must be in the same list, else 404). Ordered by (created_at, id) and compared in
 * SQL, so questions sharing a timestamp are neither skipped nor repeated.
 */
async function questionPage(db: Executor, inList: SQL | undefined, before: string | undefined): Promise<QuestionView[]> {
  if (before) {
    const [cursor] = await db.select({ id: questions.id }).from(questions).where(and(inList, eq(questions.id, before)));
    if (!cursor) throw notFound(QUESTION_NOT_FOUND);
  }
  const rows = await db
    .select()
    .from(questions)
    .where(
      and(
        inList,
        before ? sql`(${questions.createdAt}, ${questions.id}) < (SELECT q.created_at, q.id FROM ${questions} q WHERE q.id = ${before})` : undefined,
      ),
    )
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(QUESTION_LIST_LIMIT);
  return rows.map(toView);
}

/** The caller's own questions in this community, newest first. */
export function sentQuestions(db: Executor, context: CommunityContext, before?: string): Promise<QuestionView[]> {
  return questionPage(db, and(eq(questions.communityId, context.community.id), eq(questions.fromUserId, context.userId)), before);
}

/** The questions the caller may answer: sent to them, or (an admin) every question of the community. */
export function receivedQuestions(db: Executor, context: CommunityContext, before?: string): Promise<QuestionView[]> {
  return questionPage(
    db,
    and(eq(questions.communityId, context.community.id), isAdmin(context.roles) ? undefined : eq(questions.toCommanderId, context.userId)),
    before,
  );
}

async function visibleQuestion(db: Executor, context: CommunityContext, questionId: string, lock = false): Promise<QuestionRow> {
  const query = db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.communityId, context.community.id)));
  const [row] = lock ? await query.for('update') : await query;
  // Someone who may not see the question is told it does not exist, as for another community's.
  if (!row || !maySee(context, row)) throw notFound(QUESTION_NOT_FOUND);
  return row;
}

export async function getQuestion(db: Executor, context: CommunityContext, questionId: string): Promise<QuestionView> {
  return toView(await visibleQuestion(db, context, questionId));
}

/** Moves for those who answer (SPEC.md section 4): from each status, the statuses it may become. */
const ANSWERER_MOVES: Record<QuestionStatus, readonly QuestionStatus[]> = {
  Open: ['InProgress', 'Answered', 'Meeting Scheduled', 'Archived'],
  InProgress: ['Answered', 'Meeting Scheduled', 'Archived'],
  Answered: ['Archived'],
  'Meeting Scheduled': ['Answered', 'Archived'],
  Archived: [],
};

/**
 * Changes a question's status. Those who may answer move it along ANSWERER_MOVES (Answered stores the
 * answer and notifies the asker); the asker may only archive their own question.
 */
export async function updateQuestion(db: Database, context: CommunityContext, actor: { displayName: string }, questionId: string, input: UpdateQuestionBody, now: Date): Promise<QuestionView> {
  const row = await db.transaction(async (tx) => {
    const question = await visibleQuestion(tx, context, questionId, true);
    const answerer = mayAnswer(context, question);
    const allowed = answerer ? ANSWERER_MOVES[question.status] : question.status !== 'Archived' ? (['Archived'] as const) : [];
    if (!answerer && input.status !== 'Archived') throw forbidden(ANSWERERS_ONLY_MESSAGE);
    if (!allowed.includes(input.status)) throw conflict(fill(apiMessage('This question is {from} and cannot become {to}.'), { from: question.status, to: input.status }));
    const answered = input.status === 'Answered';
    const [updated] = await tx
      .update(questions)
      .set({
        status: input.status,
        updatedAt: now,
        ...(answered ? { answer: input.answer!, answeredByUserId: context.userId } : {}),
      })
      .where(eq(questions.id, question.id))
      .returning();
    if (answered && question.fromUserId !== context.userId) {
      await notify(tx, {
        toUserId: question.fromUserId,
        fromUserId: context.userId,
        communityId: question.communityId,
        type: 'answer',
        title: ({ t }) => t('Your question was answered'),
        // Named truly: an admin answering a question sent to the commander is not 'your commander'.
        message: ({ t }) =>
          question.toCommanderId === context.userId
            ? t('Your commander answered "{title}".', { title: question.title })
            : t('{name} answered "{title}".', { name: actor.displayName, title: question.title }),
        outside: { topic: 'answers', headline: ({ t }) => t('Your question was answered: {title}', { title: question.title }), path: '/questions' },
      });
    }
    return updated!;
  });
  return toView(row);
}
