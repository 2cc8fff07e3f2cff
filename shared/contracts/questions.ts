import { z } from 'zod';
import { PRIORITIES, type Priority, QUESTION_STATUSES, type QuestionStatus } from '../domain/constants';
import { multiLineText, singleLineText, uuidField } from './fields';

import { QUESTION_TEXT_MAX, QUESTION_TITLE_MAX } from './wire-values';
import { fill, msg } from '../domain/messages';

export { QUESTION_LIST_LIMIT, QUESTION_TEXT_MAX, QUESTION_TITLE_MAX } from './wire-values';

/** GET /api/questions and /api/questions/received: `?before=<question id>` answers the page older than that question. */
export const questionPageQuery = z.object({ before: uuidField.optional() });

/**
 * POST /api/questions. The server decides who receives it (the commander of the asker's subgroup):
 * subgroupId and toCommanderId sent by SPEC.md's client are ignored.
 */
export const askQuestionBody = z.object({
  title: singleLineText(msg('Subject')).min(1, msg('Subject is required')).max(QUESTION_TITLE_MAX, fill('Subject must be at most {questionTitleMax} characters', { questionTitleMax: QUESTION_TITLE_MAX })),
  body: multiLineText(msg('Message')).min(1, msg('Message is required')).max(QUESTION_TEXT_MAX, fill('Message must be at most {questionTextMax} characters', { questionTextMax: QUESTION_TEXT_MAX })),
  priority: z.enum(PRIORITIES, { error: fill('Priority must be one of {priorities}', { priorities: PRIORITIES.join(', ') }) }).default('Normal'),
  tags: z.array(singleLineText(msg('Tag')).min(1, msg('Tags cannot be blank')).max(30, msg('Tags are at most 30 characters'))).max(10, msg('At most 10 tags')).default([]),
});
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

/** PATCH /api/questions/{id}: a new status; Answered needs the answer. */
export const updateQuestionBody = z
  .object({
    status: z.enum(QUESTION_STATUSES, { error: fill('Status must be one of {questionStatuses}', { questionStatuses: QUESTION_STATUSES.join(', ') }) }),
    answer: multiLineText(msg('Answer')).max(QUESTION_TEXT_MAX, fill('Answer must be at most {questionTextMax} characters', { questionTextMax: QUESTION_TEXT_MAX })).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'Answered' && !input.answer) ctx.addIssue({ code: 'custom', path: ['answer'], message: msg('Please write your answer.') });
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
