import { msg } from '@shared/domain/messages';

/**
 * What others keep of a deleted account (issue 39, DECISIONS.md "Your data"): fixed words, never an id, e-mail or
 * name. People see "a former member" (an answer's author, a meeting's other person, a notification's sender);
 * the audit log records "a deleted account" as the actor or subject.
 */
export const FORMER_MEMBER = msg('a former member');
export const DELETED_ACCOUNT = 'a deleted account';
