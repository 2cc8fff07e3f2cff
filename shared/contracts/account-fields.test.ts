import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { displayNameField, emailField, FORMAT_CHARACTER_MESSAGE, loginFields, MIXED_SCRIPTS_MESSAGE, registerFields } from './account-fields';
import { loginBody, registerBody } from './auth';

// The account fields are zod/mini schemas (for the first screen's bundle) that full zod's contracts embed:
// both must check, normalise and word errors alike.
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('account fields', () => {
  it('normalise an e-mail and a name', () => {
    expect(emailField.parse('  Ruth@Example.ORG ')).toBe('ruth@example.org');
    expect(displayNameField.parse('  Ruth   of  Moab ')).toBe('Ruth of Moab');
  });

  it('spell a name as it looks (NFKC) and refuse invisible format characters', () => {
    expect(displayNameField.parse('Jose\u0301')).toBe('José');
    expect(displayNameField.parse('ﬁnch')).toBe('finch');
    expect(displayNameField.parse('ＲＵＴＨ\u00A0Ｎ')).toBe('RUTH N');
    for (const invisible of ['\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202E', '\u2060', '\u2066', '\u206F', '\uFEFF']) {
      expect(messages(displayNameField.safeParse(`Ru${invisible}th`))).toEqual([`: ${FORMAT_CHARACTER_MESSAGE}`]);
    }
    expect(displayNameField.parse('Ruth 🙏')).toBe('Ruth 🙏');
  });

  it('refuse a name mixing scripts into a look-alike, and keep names in one script (UTS #39 moderately restrictive)', () => {
    for (const mixed of ['Vісtim Mod', 'pаypal', 'Αlice', 'Ivan Иван']) {
      expect(messages(displayNameField.safeParse(mixed))).toEqual([`: ${MIXED_SCRIPTS_MESSAGE}`]);
    }
    for (const name of ['Victim Mod', 'Иван Петров', 'Γιάννης', '김민준', 'Kim 민준', '山田たろう', 'محمد علي', 'José Müller', 'Ruth 2']) {
      expect(displayNameField.parse(name)).toBe(name);
    }
    // Checked in NFKC: full-width Latin letters are Latin letters.
    expect(displayNameField.parse('ＲＵＴＨ')).toBe('RUTH');
  });

  it('word their errors alike inside full zod (the server) and zod/mini (the forms)', () => {
    const inputs = [
      {},
      { email: 'ruth@example', displayName: '   ', password: '12345' },
      { email: 'ruth@example.org', displayName: 'Ruth\u0000', password: 'x'.repeat(129) },
      { email: 'ruth@example.org', displayName: 'Vісtim Mod', password: 'walking-in-faith' },
      { email: 'ruth@example.org', displayName: 'Ruth', password: 'walking-in-faith' },
    ];
    for (const input of inputs) {
      const server = registerBody.safeParse(input);
      const form = mini.object(registerFields).safeParse(input);
      expect(messages(form)).toEqual(messages(server));
      expect(form.data).toEqual(server.data);
    }
    expect(messages(registerBody.safeParse(inputs[1]))).toEqual([
      'email: Please enter a valid e-mail address',
      'displayName: Name is required',
      'password: Password must be at least 6 characters',
    ]);
    expect(messages(mini.object(loginFields).safeParse({ username: 'ruth@example.org', password: '' }))).toEqual(['password: Password is required']);
    expect(messages(loginBody.safeParse({ username: 'ruth@example.org', password: '' }))).toEqual(['password: Password is required']);
  });

  it('throw full zod errors from the server contracts', () => {
    expect(() => loginBody.parse({})).toThrow(z.ZodError);
  });
});
