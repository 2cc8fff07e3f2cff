import { z } from 'zod';
import { LOCALE_CHOICE_MESSAGE, LOCALES, type Locale } from '../domain/locales';
import { changeNameFields, changePasswordFields, emailField, loginFields, newPasswordField, registerFields } from './account-fields';
import { displayNameField, uuidField } from './fields';
import { apiMessage, msg } from '../domain/messages';

// The account bodies' fields are account-fields.ts's (zod/mini), which /auth's forms validate with too.

/** POST /api/login. SPEC.md names the e-mail field `username`. */
export const loginBody = z.object(loginFields);
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/register. */
export const registerBody = z.object(registerFields);
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/check-name. */
export const checkNameBody = z.object({ displayName: displayNameField });
export type CheckNameBody = z.infer<typeof checkNameBody>;

export interface CheckNameResult {
  exists: boolean;
  canClaim: boolean;
  /** The imported member's id when the name can be claimed; never a real account's id. */
  userId: string | null;
}

/** PUT /api/user/name: the same rules as a name at sign-up. Answered with the PublicUser. */
export const changeNameBody = z.object(changeNameFields);
export type ChangeNameBody = z.infer<typeof changeNameBody>;

/** PUT /api/user/locale: one of the languages Steadfast speaks. Answered with the PublicUser. */
export const chooseLocaleBody = z.object({
  locale: z.enum(LOCALES, { error: LOCALE_CHOICE_MESSAGE }),
});
export type ChooseLocaleBody = z.infer<typeof chooseLocaleBody>;

/** POST /api/user/password. */
export const changePasswordBody = z.object(changePasswordFields);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The longest ID token POST /api/auth/google reads (Firebase's are about 1 KB). */
export const GOOGLE_ID_TOKEN_MAX_LENGTH = 8192;

/** Text the client sends beside the token: read for nothing, only bounded. SPEC.md sends '' when Firebase has no value. */
const informative = z.string().max(1024, msg('Too long')).nullish();

/**
 * POST /api/auth/google. Only the Firebase ID token counts: the server verifies it and reads the account's
 * uid, e-mail and name from it. `email`, `displayName` and `firebaseUid` are SPEC.md's and never trusted.
 */
export const googleSignInBody = z.object({
  idToken: z
    .string({ error: msg('The Google sign-in token is required') })
    .min(1, msg('The Google sign-in token is required'))
    .max(GOOGLE_ID_TOKEN_MAX_LENGTH, msg('The Google sign-in token is too long')),
  email: informative,
  displayName: informative,
  firebaseUid: informative,
});
export type GoogleSignInBody = z.infer<typeof googleSignInBody>;

/** The user as every response shows it: never the password hash. */
export interface PublicUser {
  id: string;
  email: string | null;
  displayName: string;
  isSuperAdmin: boolean;
  hasPassword: boolean;
  /** A link sent to `email` was followed (or Google vouched for it): until then the banner asks for it. */
  emailVerified: boolean;
  /**
   * A Google sign-in took this account over while its e-mail was unproven: the communities it joined until then
   * wait to be shown to the owner once (GET /api/user/takeover-review).
   */
  takeoverReviewPending: boolean;
  /**
   * The language the app speaks to them in, always one (DECISIONS.md "Languages"): their choice, else their first
   * community's default, else their browser's at their last sign-up or sign-in, else the asking browser's
   * Accept-Language, else `en`. `localeChosen` says whether it is their own choice.
   */
  locale: Locale;
  localeChosen: boolean;
  createdAt: string;
}

/** GET /api/user/takeover-review: the communities an account joined before its e-mail was proven. */
export interface TakeoverReview {
  communities: { communityId: string; name: string; joinedAt: string }[];
}

/** POST /api/claim: sign up by claiming an imported member's history (the e-mail must be the one on file). */
export const claimBody = registerBody.extend({ importedUserId: uuidField });
export type ClaimAccountBody = z.infer<typeof claimBody>;

/** POST /api/claim-user: a signed-in member claims the imported history offered after joining. */
export const claimUserBody = z.object({ importedUserId: uuidField });
export type ClaimUserBody = z.infer<typeof claimUserBody>;

/** DECISIONS.md: the refusal of a claim at sign-up whose e-mail is not the one on file. */
export const CLAIM_EMAIL_MISMATCH =
  apiMessage('To claim this history, sign up with the e-mail your community has on file, or sign up under another name, join your community with its invitation code, and claim it there.');

/** POST /api/verify-email: the token from the link /verify-email?token=… */
const linkToken = z.string({ error: msg('The link is incomplete') }).min(1, msg('The link is incomplete')).max(200, msg('The link is not valid'));
export const verifyEmailBody = z.object({ token: linkToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** POST /api/password-reset */
export const passwordResetBody = z.object({ email: emailField });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** POST /api/password-reset/confirm: the new password follows sign-up's rules. */
export const passwordResetConfirmBody = z.object({ token: linkToken, password: newPasswordField });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** The answer to every password-reset request, whether or not the address has an account. */
export const PASSWORD_RESET_SENT_MESSAGE = apiMessage(
  'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for 60 minutes; check your spam folder too.',
);
export const LINK_INVALID_MESSAGE = apiMessage('This link is not valid any more: it may have expired or been used already.');
/** A verification link opened while signed in as another account (it belongs to the account it was sent for). */
export const LINK_OF_ANOTHER_ACCOUNT_MESSAGE = apiMessage('This link confirms the e-mail of another account, not the one signed in here. Sign out, then open the link again and sign in to that account.');
