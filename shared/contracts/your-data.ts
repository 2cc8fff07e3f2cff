import { z } from 'zod';
import { msg } from '../domain/messages';

/**
 * A step that cannot be undone (deleting one's account, closing a community) is confirmed by the password, or,
 * for an account without one, by a Google sign-in within the last 10 minutes (then `password` is left out).
 */
export const confirmWithPasswordBody = z.object({
  password: z.string().min(1, msg('Enter your password')).max(1024, msg('Too long')).optional(),
});
export type ConfirmWithPasswordBody = z.infer<typeof confirmWithPasswordBody>;

/** How recent a Google sign-in confirms a step, for an account without a password. */
export const RECENT_SIGN_IN_MINUTES = 10;
