import type { ServerTranslate } from '../i18n/translate';
import type { QueuedMail } from './outbox';

/**
 * The account e-mails (DECISIONS.md "Mail"): plain text, a link and what it is for, nothing private, in the
 * reader's language. Each names how long its link lasts and what to do if the reader did not ask for it. None
 * carries a name: the address is not proven yet, and whoever typed it chose the name (it would let them write to
 * strangers in our voice).
 */

const signature = '\n\n— Steadfast';

/** Paragraphs of an e-mail, the link alone on its own line. */
const body = (t: ServerTranslate, before: string, link: string, after: string) => `${t('Hello,')}\n\n${before}\n\n${link}\n\n${after}${signature}`;

export function verifyEmailMessage(t: ServerTranslate, to: string, link: string): QueuedMail {
  return {
    kind: 'verify-email',
    to,
    language: t.locale,
    subject: t('Confirm your e-mail for Steadfast'),
    text: body(
      t,
      t('Please confirm that this is your e-mail address for Steadfast: open this link, signed in to your account:'),
      link,
      t('The link works once and for 24 hours. If you did not sign up for Steadfast, you can ignore this message.'),
    ),
  };
}

export function claimVerificationMessage(t: ServerTranslate, to: string, link: string): QueuedMail {
  return {
    kind: 'claim-verify-email',
    to,
    language: t.locale,
    subject: t('Confirm your e-mail to bring in your history'),
    text: body(
      t,
      t(
        'You signed up for Steadfast to bring in the history your community keeps for this e-mail address. Open this link, signed in to your new account, to confirm the address is yours; your history and your place in the community then move onto it:',
      ),
      link,
      t('The link works once and for 24 hours. If you did not sign up for Steadfast, you can ignore this message: nothing moves without it.'),
    ),
  };
}

export function passwordResetMessage(t: ServerTranslate, to: string, link: string): QueuedMail {
  return {
    kind: 'password-reset',
    to,
    language: t.locale,
    subject: t('Reset your Steadfast password'),
    text: body(
      t,
      t('Someone (we hope you) asked to reset the password of your Steadfast account. Open this link to choose a new one:'),
      link,
      t('The link works once and for 60 minutes. If you did not ask for it, ignore this message: your password stays as it is.'),
    ),
  };
}

/** Messages the outbox erases, row and all, once sent or given up: nothing of the account they were for may stay. */
export const ACCOUNT_DELETED_KIND = 'account-deleted';

/** The last e-mail of a deleted account (issue 39): the outbox forgets it once it is sent or given up. */
export function accountDeletedMessage(t: ServerTranslate, to: string): QueuedMail {
  return {
    kind: ACCOUNT_DELETED_KIND,
    to,
    language: t.locale,
    subject: t('Your Steadfast account was deleted'),
    text:
      `${t('Hello,')}\n\n` +
      t(
        'Your Steadfast account was deleted, as you asked. Your name, e-mail, check-ins, questions, reflections and notes are erased; answers you gave and meetings you had are shown to the others only as from "a former member".',
      ) +
      `\n\n${t('If you did not delete it, someone who knew your password did: you can sign up again with this address, but nothing of the old account can be brought back.')}${signature}`,
  };
}
