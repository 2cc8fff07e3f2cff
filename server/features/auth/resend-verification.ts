import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { apiMessage, fill } from '@shared/domain/messages';
import { emailTokens } from '@shared/schema/auth';
import type { SessionUser } from '../../auth/passport';
import type { Database } from '../../db/client';
import { sendVerification } from './email-verification';

export const ALREADY_VERIFIED_MESSAGE = apiMessage('Your e-mail is already verified.');
export const verificationSentMessage = (email: string) => fill(apiMessage('We sent a new link to {email}. It works for 24 hours.'), { email });

/** Another verification link for the signed-in account (a pending claim at sign-up rides on it too). */
export async function resendVerification(db: Database, user: SessionUser, origin: string, now: Date): Promise<{ message: string }> {
  if (user.emailVerified || !user.email) return { message: ALREADY_VERIFIED_MESSAGE };
  const email = user.email;
  await db.transaction(async (tx) => {
    // The claim the first link carried, if any, still waits on this one.
    const [pending] = await tx
      .select({ importedUserId: emailTokens.importedUserId })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'verify-email'), eq(emailTokens.email, email), isNotNull(emailTokens.importedUserId)))
      .orderBy(desc(emailTokens.createdAt))
      .limit(1);
    await sendVerification(tx, { id: user.id, email, credentialVersion: user.credentialVersion }, origin, now, pending?.importedUserId ?? undefined);
  });
  return { message: verificationSentMessage(email) };
}
