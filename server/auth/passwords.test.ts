import argon2 from 'argon2';
import { hashPassword, PASSWORD_HASH_OPTIONS, verifyPassword } from './passwords';

describe('password hashes', () => {
  it("verifies a hash made at OWASP's cost (a server's) as well as one made at the test runner's cost", async () => {
    const serverHash = await argon2.hash('a long enough passphrase', PASSWORD_HASH_OPTIONS);
    expect(serverHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(serverHash, 'a long enough passphrase')).toBe(true);
    expect(await verifyPassword(serverHash, 'a long enough passphrasE')).toBe(false);

    const testHash = await hashPassword('another passphrase');
    expect(testHash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(testHash, 'another passphrase')).toBe(true);
    expect(await verifyPassword(testHash, 'a long enough passphrase')).toBe(false);
    expect(await verifyPassword(null, 'another passphrase')).toBe(false);
    expect(await verifyPassword('not a hash', 'another passphrase')).toBe(false);
  });
});
