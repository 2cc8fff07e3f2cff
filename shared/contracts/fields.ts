import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/constants';

/** Field schemas used by more than one contract, so client and server word their errors alike. */
export const emailField = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'E-mail is too long')
  .pipe(z.email('Please enter a valid e-mail address'));

export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const displayNameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(DISPLAY_NAME_MAX_LENGTH, `Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);

export const uuidField = z.uuid('Not a valid id');
