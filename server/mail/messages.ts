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
