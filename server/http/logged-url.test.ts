import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../app';
import { testConfig } from '../config';
import { linkKeyFrom, unsubscribeToken } from '../features/notifications/delivery';
import { createTestApp } from '../test/app';
import { createCommunity } from '../test/factories';
import { loggedUrl } from './logged-url';

const testApp = await createTestApp();

/** An app whose access log is written where the test reads it, line by line as pino writes them. */
function loggedApp() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const config = testConfig();
  const logged = createApp({ database: testApp.database, config, sessionSecret: config.SESSION_SECRET!, logger });
  const urls = () => lines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));
  return { ...logged, config, lines, urls };
}

describe('the access log', () => {
  it('keeps no token of an e-mail link, nor what someone searched for: the path, and ?… where a query was', async () => {
    const logged = loggedApp();
    try {
      const fixture = await createCommunity(logged.app);
      const token = unsubscribeToken(linkKeyFrom(logged.config.SESSION_SECRET!), fixture.owner.user.id, 'questions');
      const emailToken = randomBytes(32).toString('base64url');
      const unsubscribe = `/api/notifications/unsubscribe?token=${token}`;
      await request(logged.app).get(unsubscribe).expect(200);
      await request(logged.app).post(unsubscribe).type('form').send('List-Unsubscribe=One-Click').expect(200);
      await request(logged.app).get(`/verify-email?token=${emailToken}`);
      await request(logged.app).get(`/reset-password?token=${emailToken}`);
      // The same links mistyped under /api (answered 404, and logged like every API request), and with the token in the path.
      await request(logged.app).get(`/api/verify-email?token=${emailToken}`).expect(404);
      await request(logged.app).get(`/api/reset-password?token=${emailToken}`).expect(404);
      await request(logged.app).get(`/api/notifications/unsubscribe/${token}`).expect(404);
      await request(logged.app).get(`/api/reset-password/${emailToken}`).expect(404);
      await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/members?limit=5&search=${encodeURIComponent('Jane.Doe@example.org')}`).expect(200);

      // Every request was logged before its answer reached the test.
      expect(logged.urls().filter((url) => !url.startsWith('/api/communities/') || url.includes('/members'))).toEqual(
        expect.arrayContaining([
          '/api/notifications/unsubscribe?…',
          '/api/verify-email?…',
          '/api/reset-password?…',
          '/api/notifications/unsubscribe/[token]',
          '/api/reset-password/[token]',
          `/api/communities/${fixture.community.id}/members?…`,
        ]),
      );
      expect(logged.urls().filter((url) => url === '/api/notifications/unsubscribe?…')).toHaveLength(2);
      const log = logged.lines.join('\n');
      for (const secret of [token, token.split('.').at(-1)!, emailToken, 'token=', 'search=']) expect(log).not.toContain(secret);
      expect(log.toLowerCase()).not.toContain('jane');
    } finally {
      await logged.close();
    }
  });

  it('keeps paths with ids and words as they are, and marks segments that look like secrets', () => {
    const id = '5f0c7a52-8d1e-4d7b-9a53-0c6b6e1f2a3b';
    expect(loggedUrl('/api/user')).toBe('/api/user');
    expect(loggedUrl(`/api/communities/${id}/daily-log?month=4&year=2030`)).toBe(`/api/communities/${id}/daily-log?…`);
    expect(loggedUrl(`/api/communities/${id}/imported-members/${id.toUpperCase()}/link`)).toBe(`/api/communities/${id}/imported-members/${id.toUpperCase()}/link`);
    expect(loggedUrl('/api/user/notification-preferences')).toBe('/api/user/notification-preferences');
    expect(loggedUrl('/api/reports/members?scope=community&search=Ann&cursor=x')).toBe('/api/reports/members?…');
    expect(loggedUrl(`/api/sessions/${'a1b2c3d4'.repeat(8)}`)).toBe('/api/sessions/[token]');
    expect(loggedUrl(`/api/links/${randomBytes(24).toString('base64url')}/open`)).toBe('/api/links/[token]/open');
    expect(loggedUrl(`/api/x/${'abcdefghij'.repeat(4)}`)).toBe('/api/x/[token]');
    expect(loggedUrl('/api/verify-email/short')).toBe('/api/verify-email/[token]');
    expect(loggedUrl('/Unsubscribe/x?y')).toBe('/Unsubscribe/[token]?…');
  });
});
