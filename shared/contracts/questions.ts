import { z } from 'zod';
import { PRIORITIES, type Priority, QUESTION_STATUSES, type QuestionStatus } from '../domain/constants';
import { multiLineText, singleLineText, uuidField } from './fields';

import { QUESTION_TEXT_MAX, QUESTION_TITLE_MAX } from './wire-values';

export { QUESTION_LIST_LIMIT, QUESTION_TEXT_MAX, QUESTION_TITLE_MAX } from './wire-values';

/** GET /api/questions and /api/questions/received: `?before=<question id>` answers the page older than that question. */
export const questionPageQuery = z.object({ before: uuidField.optional() });

/**
 * POST /api/questions. The server decides who receives it (the commander of the asker's subgroup):
 * subgroupId and toCommanderId sent by SPEC.md's client are ignored.
 */
export const askQuestionBody = z.object({
  title: singleLineText('Subject').min(1, 'Subject is required').max(QUESTION_TITLE_MAX, `Subject must be at most ${QUESTION_TITLE_MAX} characters`),
  body: multiLineText('Message').min(1, 'Message is required').max(QUESTION_TEXT_MAX, `Message must be at most ${QUESTION_TEXT_MAX} characters`),
  priority: z.enum(PRIORITIES, { error: `Priority must be one of ${PRIORITIES.join(', ')}` }).default('Normal'),
  tags: z.array(singleLineText('Tag').min(1, 'Tags cannot be blank').max(30, 'Tags are at most 30 characters')).max(10, 'At most 10 tags').default([]),
});
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

/** PATCH /api/questions/{id}: a new status; Answered needs the answer. */
export const updateQuestionBody = z
  .object({
    status: z.enum(QUESTION_STATUSES, { error: `Status must be one of ${QUESTION_STATUSES.join(', ')}` }),
    answer: multiLineText('Answer').max(QUESTION_TEXT_MAX, `Answer must be at most ${QUESTION_TEXT_MAX} characters`).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'Answered' && !input.answer) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'Please write your answer.' });
  });
export type UpdateQuestionBody = z.infer<typeof updateQuestionBody>;

export interface QuestionView {
  id: string;
  communityId: string;
  subgroupId: string | null;
  fromUserId: string;
  fromUserName: string;
  toCommanderId: string | null;
  title: string;
  body: string;
  priority: Priority;
  status: QuestionStatus;
  tags: string[];
  answer: string | null;
  answeredByUserId: string | null;
  createdAt: string;
  updatedAt: string;
}
