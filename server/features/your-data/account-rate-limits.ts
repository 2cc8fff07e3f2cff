/**
 * The rate limits whose key names an account (issue 39: a deleted account's counters go too). Each limit's key is
 * `<prefix>:<user id>` or `<prefix>:<e-mail>`; a test reads every `key:` of the server's routes and fails on a
 * prefix that is not listed here.
 */
export const KEYS_BY_USER_ID = [
  'name',
  'password',
  'verify-resend',
  'meeting-requests',
  'meeting-changes',
  'care-notes',
  'reflections',
  'join',
  'questions',
  'user-export',
  'community-export',
] as const;
export const KEYS_BY_EMAIL = ['login', 'password-reset'] as const;
/** `care-notes:<sender>:<member>`: one sender's notes to one member. */
export const KEYS_BY_PAIR = ['care-notes'] as const;

/** Every counter key that may name this account; `peers` are the people it sent notes to or received notes from. */
export function accountRateLimitKeys(userId: string, email: string | null, peers: readonly string[]): string[] {
  const keys: string[] = KEYS_BY_USER_ID.map((prefix) => `${prefix}:${userId}`);
  if (email) keys.push(...KEYS_BY_EMAIL.map((prefix) => `${prefix}:${email.toLowerCase()}`));
  for (const prefix of KEYS_BY_PAIR) for (const peer of peers) keys.push(`${prefix}:${userId}:${peer}`, `${prefix}:${peer}:${userId}`);
  return keys;
}
