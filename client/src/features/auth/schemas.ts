import { z } from 'zod/mini';
import { changeNameFields, changePasswordFields, emailField, loginFields, newPasswordField, registerFields } from '@shared/contracts/account-fields';
import { msg } from '@/i18n';

// zod/mini, with the contracts' own fields: these forms are on /auth, the first screen, whose bundle has a budget.

/** Sign In: the login contract's fields. */
export const signInFormSchema = z.object(loginFields);

/** Sign Up: the register contract plus a confirmation that must match (SPEC.md section 5). */
export const signUpFormSchema = z
  .object({ ...registerFields, confirmPassword: z.string().check(z.minLength(1, msg('Please confirm your password'))) })
  .check(z.refine((values) => values.password === values.confirmPassword, { message: msg("Passwords don't match"), path: ['confirmPassword'] }));

/** Change Password on /profile: the contract plus a confirmation of the new password. */
export const changePasswordFormSchema = z
  .object({ ...changePasswordFields, confirmPassword: z.string().check(z.minLength(1, msg('Please confirm your new password'))) })
  .check(z.refine((values) => values.newPassword === values.confirmPassword, { message: msg("Passwords don't match"), path: ['confirmPassword'] }));

/** Change name on /profile: the contract's field (mixed scripts refused with the server's words). */
export const changeNameFormSchema = z.object(changeNameFields);

/** Forgot password: the address to send a reset link to. */
export const forgotPasswordFormSchema = z.object({ email: emailField });

/** Reset password: a new password (sign-up's rules) and its confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string().check(z.minLength(1, msg('Please confirm your new password'))) })
  .check(z.refine((values) => values.password === values.confirmPassword, { message: msg("Passwords don't match"), path: ['confirmPassword'] }));
