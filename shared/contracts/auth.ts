import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../domain/constants';
import { displayNameField, emailField, newPasswordField } from './fields';

/** POST /api/login. SPEC.md names the e-mail field `username`. */
export const loginBody = z.object({
  username: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/register. */
export const registerBody = z.object({
  email: emailField,
  displayName: displayNameField,
  password: newPasswordField,
});
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

/** POST /api/user/password. */
export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The user as every response shows it: never the password hash. */
export interface PublicUser {
  id: string;
  email: string | null;
  displayName: string;
  isSuperAdmin: boolean;
  hasPassword: boolean;
  createdAt: string;
}
