import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { uniqueIdentity } from './factories';

/**
 * A key pair standing in for Google's: `googleKeys` goes to createTestApp (with FIREBASE_PROJECT_ID set to
 * `projectId`), and `signIn()` makes a valid ID token of a new Google account for that project.
 */
export async function testGoogleSigner(projectId: string) {
  const kid = `test-key-${projectId}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const googleKeys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const signIn = (): Promise<string> => {
    const { email, displayName } = uniqueIdentity('google');
    const uid = randomUUID().replaceAll('-', '').slice(0, 28);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now - 30,
      iat: now - 10,
      exp: now + 3600,
      sub: uid,
      user_id: uid,
      email,
      email_verified: true,
      name: displayName,
      firebase: { identities: { 'google.com': ['1'], email: [email] }, sign_in_provider: 'google.com' },
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  };
  return { googleKeys, signIn };
}
