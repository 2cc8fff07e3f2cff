import type { QueuedMail } from './outbox';

/**
 * The account e-mails (DECISIONS.md "Mail"): plain text, a link and what it is for, nothing private. Each
 * names how long its link lasts and what to do if the reader did not ask for it. None carries a name: the
 * address is not proven yet, and whoever typed it chose the name (it would let them write to strangers
 * in our voice).
 */

const signature = '\n\n— Steadfast';

export function verifyEmailMessage(to: string, link: string): QueuedMail {
  return {
    kind: 'verify-email',
    to,
    subject: 'Confirm your e-mail for Steadfast',
    text:
      `Hello,\n\nPlease confirm that this is your e-mail address for Steadfast: open this link, signed in to your account:\n\n${link}\n\n` +
      `The link works once and for 24 hours. If you did not sign up for Steadfast, you can ignore this message.${signature}`,
  };
}

export function claimVerificationMessage(to: string, link: string): QueuedMail {
  return {
    kind: 'claim-verify-email',
    to,
    subject: 'Confirm your e-mail to bring in your history',
    text:
      `Hello,\n\nYou signed up for Steadfast to bring in the history your community keeps for this e-mail address. Open this link, ` +
      `signed in to your new account, to confirm the address is yours; your history and your place in the community then move onto it:\n\n${link}\n\n` +
      `The link works once and for 24 hours. If you did not sign up for Steadfast, you can ignore this message: nothing moves without it.${signature}`,
  };
}

export function passwordResetMessage(to: string, link: string): QueuedMail {
  return {
    kind: 'password-reset',
    to,
    subject: 'Reset your Steadfast password',
    text:
      `Hello,\n\nSomeone (we hope you) asked to reset the password of your Steadfast account. Open this link to choose a new one:\n\n${link}\n\n` +
      `The link works once and for 60 minutes. If you did not ask for it, ignore this message: your password stays as it is.${signature}`,
  };
}

/** Messages the outbox erases, row and all, once sent or given up: nothing of the account they were for may stay. */
export const ACCOUNT_DELETED_KIND = 'account-deleted';

/** The last e-mail of a deleted account (issue 39): the outbox forgets it once it is sent or given up. */
export function accountDeletedMessage(to: string): QueuedMail {
  return {
    kind: ACCOUNT_DELETED_KIND,
    to,
    subject: 'Your Steadfast account was deleted',
    text:
      `Hello,\n\nYour Steadfast account was deleted, as you asked. Your name, e-mail, check-ins, questions, reflections and notes are erased; ` +
      `answers you gave and meetings you had are shown to the others only as from "a former member".\n\n` +
      `If you did not delete it, someone who knew your password did: you can sign up again with this address, but nothing of the old account can be brought back.${signature}`,
  };
}
