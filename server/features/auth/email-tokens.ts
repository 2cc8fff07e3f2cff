import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailTokens } from '@shared/schema/auth';
import type { Executor } from '../../db/client';

/**
 * Single-use tokens for links sent by e-mail: 256 random bits, of which the database keeps only a SHA-256
 * (a leaked table or backup opens no account). A token is looked up by its hash and spent in the same
 * transaction that acts on it.
 */

export type TokenPurpose = 'verify-email' | 'password-reset';

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface NewToken {
  userId: string;
  purpose: TokenPurpose;
  email: string;
  credentialVersion: number;
  importedUserId?: string | null;
  now: Date;
  ttlMs: number;
}

/** Stores a new token's hash and answers the token itself, to be put in a link and nowhere else. */
export async function issueToken(tx: Executor, token: NewToken): Promise<string> {
  // The newest link is the one that works: the ones sent before it are spent now (a link left in an old e-mail,
  // or in a mailbox someone else reads, stops working once a new one is asked for).
  await spendAllTokens(tx, token.userId, token.purpose, token.now);
  const raw = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    userId: token.userId,
    purpose: token.purpose,
    tokenHash: hashOf(raw),
    email: token.email,
    credentialVersion: token.credentialVersion,
    importedUserId: token.importedUserId ?? null,
    expiresAt: new Date(token.now.getTime() + token.ttlMs),
  });
  return raw;
}

/** Shaped like a token we issue (so a malformed one costs no query). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The unspent, unexpired token of this purpose, locked and marked spent in the caller's transaction (so of
 * two requests racing with one link, one acts and the other finds nothing). With `userId`, only a token
 * issued to that user (a token of someone else's stays unspent). Undefined otherwise.
 */
export async function spendToken(tx: Executor, raw: string, purpose: TokenPurpose, now: Date, userId?: string) {
  if (!TOKEN_SHAPE.test(raw)) return undefined;
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashOf(raw)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
        userId ? eq(emailTokens.userId, userId) : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * Whether a token that `spendToken` refused to this user would work for another account (a link opened while
 * signed in as someone else). It says nothing of whose: the link's holder has that e-mail already.
 */
export async function isAnotherAccountsToken(tx: Executor, raw: string, purpose: TokenPurpose, now: Date, userId: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(raw)) return false;
  const [row] = await tx
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashOf(raw)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
  return row !== undefined && row.userId !== userId;
}

/** Spends every other open token of this purpose (a reset voids the reset links sent before it). */
export async function spendAllTokens(tx: Executor, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
