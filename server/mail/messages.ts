import type { QueuedMail } from './outbox';

/**
 * The account e-mails (DECISIONS.md "Mail"): plain text first, a link and what it is for, nothing private.
 * Each names how long its link lasts and what to do if the reader did not ask for it.
 */

const signature = '\n\n— Steadfast';

export function verifyEmailMessage(to: string, displayName: string, link: string): QueuedMail {
  return {
    kind: 'verify-email',
    to,
    subject: 'Confirm your e-mail for Steadfast',
    text:
      `Hello ${displayName},\n\nPlease confirm that this is your e-mail address by opening this link:\n\n${link}\n\n` +
      `The link works once and for 24 hours. If you did not sign up for Steadfast, you can ignore this message.${signature}`,
  };
}

export function claimVerificationMessage(to: string, displayName: string, link: string): QueuedMail {
  return {
    kind: 'claim-verify-email',
    to,
    subject: 'Confirm your e-mail to bring in your history',
    text:
      `Hello ${displayName},\n\nYour community has history for this e-mail address in Steadfast. Open this link to confirm the address ` +
      `is yours; your history and your place in the community then move onto your new account:\n\n${link}\n\n` +
      `The link works once and for 24 hours. If you did not sign up for Steadfast, you can ignore this message: nothing moves without it.${signature}`,
  };
}

export function passwordResetMessage(to: string, displayName: string, link: string): QueuedMail {
  return {
    kind: 'password-reset',
    to,
    subject: 'Reset your Steadfast password',
    text:
      `Hello ${displayName},\n\nSomeone (we hope you) asked to reset the password of your Steadfast account. Open this link to choose a new one:\n\n${link}\n\n` +
      `The link works once and for 60 minutes. If you did not ask for it, ignore this message: your password stays as it is.${signature}`,
  };
}
