import { and, eq, sql } from 'drizzle-orm';
import { users } from '@shared/schema/auth';
import { type SessionUser, sessionUserColumns } from '../../auth/passport';
import { endSessionsOf } from '../../auth/sessions';
import { assertUncommonPassword, hashPassword } from '../../auth/passwords';
import type { Database } from '../../db/client';
import { translator } from '../../i18n/translate';
import { passwordResetMessage } from '../../mail/messages';
import { readerLocale } from './locale';
import { enqueueMail } from '../../mail/outbox';
import { recordAudit } from '../audit/service';
import { issueToken, PASSWORD_RESET_TTL_MS, spendAllTokens, spendToken } from './email-tokens';
import { linkInvalid } from './email-verification';
import { realAccountWithEmail } from './service';

/**
 * Forgotten passwords (DECISIONS.md "Accounts and sign-in"). The request answers alike whatever the address;
 * only a real account (with a password or Google-only) gets a link. Confirming sets the password, proves
 * the e-mail, ends every session and voids the other links.
 */

/** `acceptLanguage`: the asking page's, the e-mail's language when the account has nothing better (see readerLocale). */
export async function requestPasswordReset(db: Database, email: string, origin: string, now: Date, acceptLanguage?: string): Promise<void> {
  const [account] = await db
    .select({ id: users.id, email: users.email, credentialVersion: users.credentialVersion })
    .from(users)
    .where(realAccountWithEmail(email))
    .limit(1);
  if (!account?.email) return;
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, {
      userId: account.id,
      purpose: 'password-reset',
      email: account.email!,
      credentialVersion: account.credentialVersion,
      now,
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    const t = translator(await readerLocale(tx, account.id, acceptLanguage));
    await enqueueMail(tx, passwordResetMessage(t, account.email!, `${origin}/reset-password?token=${token}`));
  });
}

export async function confirmPasswordReset(db: Database, token: string, password: string, now: Date): Promise<SessionUser> {
  assertUncommonPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const spent = await spendToken(tx, token, 'password-reset', now);
    if (!spent) throw linkInvalid();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        credentialVersion: sql`${users.credentialVersion} + 1`,
        // The link reached this address: it is the account's, if the account still has it.
        emailVerifiedAt: sql`CASE WHEN ${users.email} = ${spent.email} THEN coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz) ELSE ${users.emailVerifiedAt} END`,
        updatedAt: now,
      })
      // A link is void once the password changed after it was sent (a reset, a change on /profile, a Google takeover).
      .where(and(eq(users.id, spent.userId), eq(users.credentialVersion, spent.credentialVersion), eq(users.isImported, false)))
      .returning(sessionUserColumns);
    if (!user) throw linkInvalid();
    await spendAllTokens(tx, user.id, 'password-reset', now);
    await endSessionsOf(tx, user.id);
    await recordAudit(tx, { actorId: user.id, communityId: null, entity: 'user', entityId: user.id, action: 'password-reset' });
    return user;
  });
}
