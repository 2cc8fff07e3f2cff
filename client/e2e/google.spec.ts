import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { importJWK, type JWK, SignJWT } from 'jose';
import { GOOGLE_KEYS_PORT, GOOGLE_PROJECT_ID } from './playwright.config';

/** An ID token as Firebase issues it, signed with the stand-in key server's key (the app trusts only that key set). */
async function googleIdToken(claims: { sub: string; email: string; name: string }) {
  const jwk = (await (await fetch(`http://127.0.0.1:${GOOGLE_KEYS_PORT}/test-private-key`)).json()) as JWK & { kid: string };
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email, email_verified: true, name: claims.name, auth_time: now, firebase: { sign_in_provider: 'google.com' } })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(`https://securetoken.google.com/${GOOGLE_PROJECT_ID}`)
    .setAudience(GOOGLE_PROJECT_ID)
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(jwk, 'RS256'));
}

test("'Continue with Google' lands a new user on /community-access with the welcome message", async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  const identity = { sub: `google-${suffix}`, email: `lydia-${suffix}@example.org`, name: `Lydia ${suffix}` };
  const idToken = await googleIdToken(identity);
  // Google's popup stands in as a function answering what Firebase would: the token and informative fields.
  await page.addInitScript(
    ({ token, email, name, uid }) => {
      window.__steadfastGoogleStub = async () => ({ idToken: token, email, displayName: name, firebaseUid: uid });
    },
    { token: idToken, email: identity.email, name: identity.name, uid: identity.sub },
  );

  await page.goto('/auth');
  await page.getByRole('tabpanel', { name: 'Sign In' }).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/community-access$/);
  await expect(page.getByText(`Welcome, ${identity.name}!`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(identity.name);
});
