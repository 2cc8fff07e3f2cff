/** How members are recognised and shown across accounts: names compared as people read them, e-mails masked. */

const MASK = '•••';

/**
 * An e-mail shown to someone who may not read it (DECISIONS.md "Imported members and claiming"): its first
 * character, •••, then the domain: 'ruth@example.net' reads 'r•••@example.net'. Text without an '@' (or
 * with nothing before it) keeps nothing but the mask.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return MASK;
  return `${Array.from(trimmed)[0]}${MASK}${trimmed.slice(at)}`;
}

/**
 * A display name as two names are compared for the same person: case ignored, surrounding and repeated
 * whitespace ignored, and nothing else (digits and punctuation count: 'ruth.naomi.x 2' is not 'Ruth Naomi X').
 */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);
