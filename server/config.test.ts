import { isServedOverHttps, loadConfig, publicOrigin, testConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: 'development',
      PORT: 5000,
      DATA_DIR: './data',
      TRUST_PROXY: 0,
      SHUTDOWN_DELAY_MS: 0,
      BACKUP_KEEP: 14,
      LOG_LEVEL: 'info',
      RATE_LIMIT_LOGIN_PER_EMAIL: 10,
      RATE_LIMIT_LOGIN_PER_IP: 100,
      RATE_LIMIT_PASSWORD_CHANGE_PER_USER: 10,
      RATE_LIMIT_PASSWORD_CHANGE_PER_IP: 100,
      RATE_LIMIT_REGISTER_PER_IP: 50,
      RATE_LIMIT_NAME_CHECK_PER_IP: 120,
      RATE_LIMIT_JOIN_PER_USER: 10,
      RATE_LIMIT_JOIN_PER_IP: 200,
      RATE_LIMIT_APPLY_PER_IP: 20,
      RATE_LIMIT_PASSWORD_RESET_PER_EMAIL: 5,
      RATE_LIMIT_PASSWORD_RESET_PER_IP: 30,
      RATE_LIMIT_VERIFY_RESEND_PER_USER: 5,
      RATE_LIMIT_QUESTIONS_PER_USER: 10,
      RATE_LIMIT_MEETING_REQUESTS_PER_USER: 10,
      RATE_LIMIT_MEETING_CHANGES_PER_USER: 10,
      PUSH_ENDPOINT_HOSTS: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'],
    });
  });

  it('takes a comma-separated PUSH_ENDPOINT_HOSTS, lower-cased, and a VAPID_SUBJECT that is mailto: or https:', () => {
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: ' Push.Example.org, *.notify.windows.com ,' }).PUSH_ENDPOINT_HOSTS).toEqual(['push.example.org', '*.notify.windows.com']);
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: 'push.example.org:8443,127.0.0.1:9000' }).PUSH_ENDPOINT_HOSTS).toEqual(['push.example.org:8443', '127.0.0.1:9000']);
    for (const bad of ['https://push.example.org', 'push.example.org/path', 'push.example.org:0', 'push.example.org:99999', 'user@push.example.org', '*push.example.org', 'push..example.org']) {
      expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: bad }), bad).toThrow('PUSH_ENDPOINT_HOSTS must be comma-separated host names');
    }
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.org' }).VAPID_SUBJECT).toBe('mailto:ops@example.org');
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.org' })).toThrow('VAPID_SUBJECT must be a mailto: address or an https: URL');
  });

  it('takes an smtp:// or smtps:// SMTP_URL and refuses anything else with a clear message', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.org:587', MAIL_FROM: 'Steadfast <no-reply@example.org>' })).toMatchObject({
      SMTP_URL: 'smtp://user:pass@mail.example.org:587',
      MAIL_FROM: 'Steadfast <no-reply@example.org>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.org:465' }).SMTP_URL).toBe('smtps://user:pass@mail.example.org:465');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must look like smtp:\/\/user:password@host:587/);
    // In production, mail leaving the machine needs the address its links point at.
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(/PUBLIC_URL: required in production with SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587', PUBLIC_URL: 'https://steadfast.example.org' }).SMTP_URL).toBe('smtp://mail.example.org:587');
  });

  it("takes BACKUP_SCHEDULE as 'daily HH:MM' and refuses anything else with a clear message", () => {
    expect(loadConfig({ BACKUP_SCHEDULE: 'daily 03:00', BACKUP_KEEP: '7' })).toMatchObject({ BACKUP_SCHEDULE: 'daily 03:00', BACKUP_KEEP: 7 });
    for (const wrong of ['03:00', 'daily 3:00', 'daily 24:00', 'weekly 03:00', 'daily 03:60']) {
      expect(() => loadConfig({ BACKUP_SCHEDULE: wrong }), wrong).toThrow(/BACKUP_SCHEDULE must be 'daily HH:MM'/);
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('reads HOST, an IP address or a host name, and leaves it unset (every interface) by default', () => {
    expect(loadConfig({}).HOST).toBeUndefined();
    expect(loadConfig({ HOST: '' }).HOST).toBeUndefined();
    expect(loadConfig({ HOST: ' 127.0.0.1 ' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).HOST).toBe('::1');
    expect(loadConfig({ HOST: '::' }).HOST).toBe('::');
    expect(loadConfig({ HOST: 'localhost' }).HOST).toBe('localhost');
    expect(loadConfig({ HOST: 'steadfast-1.internal' }).HOST).toBe('steadfast-1.internal');
    expect(() => loadConfig({ HOST: 'http://localhost:5000' })).toThrow(/HOST: HOST must be an IP address of this machine such as 127\.0\.0\.1 or ::1, or a host name \(no scheme, no port\)/);
  });

  it('points e-mailed links at PUBLIC_URL, else at this server on localhost', () => {
    expect(publicOrigin(loadConfig({ PUBLIC_URL: 'https://steadfast.example.org/' }))).toBe('https://steadfast.example.org');
    expect(publicOrigin(loadConfig({ PORT: '8080' }))).toBe('http://localhost:8080');
  });

  it('reads the environment, converting numbers and ignoring unrelated variables', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://steadfast@db:5432/steadfast',
      DATA_DIR: '/var/lib/steadfast',
      SESSION_SECRET: 's'.repeat(32),
      PUBLIC_URL: 'https://steadfast.example.org',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_EMAIL: '5',
      FIREBASE_PROJECT_ID: 'steadfast-app',
      HOME: '/root',
    });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 8080,
      DATABASE_URL: 'postgres://steadfast@db:5432/steadfast',
      DATA_DIR: '/var/lib/steadfast',
      PUBLIC_URL: 'https://steadfast.example.org',
      TRUST_PROXY: 1,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_EMAIL: 5,
      FIREBASE_PROJECT_ID: 'steadfast-app',
    });
    expect(config).not.toHaveProperty('HOME');
    expect(isServedOverHttps(config)).toBe(true);
  });

  it('treats empty values as unset (an "X=" line in an env file means the default)', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SESSION_SECRET: '  ', PUBLIC_URL: '', RATE_LIMIT_LOGIN_PER_EMAIL: '', DATA_DIR: '', TRUST_PROXY: '' });
    expect(config.PORT).toBe(5000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.RATE_LIMIT_LOGIN_PER_EMAIL).toBe(10);
    expect(config.TRUST_PROXY).toBe(0);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(isServedOverHttps(config)).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '50.5'],
    ['HOST', 'http://localhost'],
    ['HOST', '127.0.0.1:5000'],
    ['HOST', '[::1]'],
    ['HOST', '300.1.1.1'],
    ['HOST', 'two words'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '-1'],
    ['RATE_LIMIT_LOGIN_PER_EMAIL', '0'],
    ['RATE_LIMIT_NAME_CHECK_PER_IP', 'many'],
    ['PUBLIC_URL', 'steadfast.example.org'],
    ['SESSION_SECRET', 'too-short-secret'],
    ['FIREBASE_JWKS_URL', 'keys.example.org/jwks'],
    ['FIREBASE_JWKS_URL', 'file:///etc/jwks.json'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('explains a SESSION_SECRET shorter than 32 characters, and accepts 32', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(31) })).toThrow('SESSION_SECRET must be at least 32 characters');
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(32) }).SESSION_SECRET).toBe('x'.repeat(32));
  });

  it('reads FIREBASE_JWKS_URL, over https or plain http (the end-to-end test serves its keys on 127.0.0.1)', () => {
    expect(loadConfig({}).FIREBASE_JWKS_URL).toBeUndefined();
    expect(loadConfig({ FIREBASE_JWKS_URL: 'http://127.0.0.1:4010/jwks' }).FIREBASE_JWKS_URL).toBe('http://127.0.0.1:4010/jwks');
    expect(loadConfig({ FIREBASE_JWKS_URL: 'https://keys.example.org/jwks' }).FIREBASE_JWKS_URL).toBe('https://keys.example.org/jwks');
  });

  it('refuses FIREBASE_AUTH_EMULATOR_HOST in production (the emulator accepts unsigned tokens), and allows it otherwise', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /^Invalid configuration:\n {2}FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/,
    );
    expect(loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).NODE_ENV).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).NODE_ENV).toBe('test');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).NODE_ENV).toBe('development');
    // An empty "FIREBASE_AUTH_EMULATOR_HOST=" line is unset, as everywhere else.
    expect(loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: ' ' }).NODE_ENV).toBe('production');
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', SESSION_SECRET: 'short', NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT: /);
    expect(message).toMatch(/LOG_LEVEL: /);
    expect(message).toMatch(/SESSION_SECRET: /);
    expect(message).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: /);
  });
});

describe('testConfig', () => {
  it('is quiet, in test mode, with a usable secret and the overrides applied', () => {
    const config = testConfig({ RATE_LIMIT_LOGIN_PER_EMAIL: 2 });
    expect(config).toMatchObject({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_LOGIN_PER_EMAIL: 2 });
    expect(config.SESSION_SECRET!.length).toBeGreaterThanOrEqual(32);
  });
});

describe('isServedOverHttps', () => {
  it('is true only for an https PUBLIC_URL', () => {
    expect(isServedOverHttps(testConfig({ PUBLIC_URL: 'https://steadfast.example.org' }))).toBe(true);
    expect(isServedOverHttps(testConfig({ PUBLIC_URL: 'http://localhost:5000' }))).toBe(false);
    expect(isServedOverHttps(testConfig())).toBe(false);
  });
});
