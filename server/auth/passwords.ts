import argon2 from 'argon2';
import { apiMessage } from '@shared/domain/messages';
import { badRequest } from '../http/errors';
import { COMMON_PASSWORDS } from './common-passwords';

// OWASP's parameters for argon2id: 19 MiB of memory, 2 passes, 1 lane.
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
// Under the test runner only (vitest sets VITEST in its workers; no server process has it), argon2's cheapest
// cost: the suites hash and verify thousands of passwords, 50 ms of CPU each at OWASP's cost. A hash
// carries its own parameters, so verifying works the same either way (passwords.test.ts checks both).
const TEST_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
const HASH_OPTIONS = process.env.VITEST ? TEST_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;

const commonPasswords = new Set(COMMON_PASSWORDS.map((password) => password.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE = apiMessage('This password is too common and easy to guess. Please choose another one.');

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Throws a 400 on the given field when the password is one of the most common ones. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the account does not exist keeps sign-in timing the same,
// so response times do not tell which e-mails have accounts.
let decoyHash: Promise<string> | undefined;
export async function spendVerificationTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
  await verifyPassword(await decoyHash, password);
}
