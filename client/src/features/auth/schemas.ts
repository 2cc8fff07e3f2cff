import { z } from 'zod';
import { changePasswordBody, registerBody } from '@shared/contracts/auth';

/** Sign Up: the register contract plus a confirmation that must match (SPEC.md section 5). */
export const signUpFormSchema = registerBody
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((values) => values.password === values.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** Change Password on /profile: the contract plus a confirmation of the new password. */
export const changePasswordFormSchema = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your new password') })
  .refine((values) => values.newPassword === values.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
