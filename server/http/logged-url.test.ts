import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../app';
import { testConfig } from '../config';
import { createTestApp } from '../test/app';
import { createCommunity } from '../test/factories';
import { loggedUrl } from './logged-url';

const testApp = await createTestApp();

describe('the access log', () => {
  it('records a search without what was typed (a name or an e-mail someone looked for)', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const config = testConfig();
    const logged = createApp({ database: testApp.database, config, sessionSecret: config.SESSION_SECRET!, logger });
    try {
      const fixture = await createCommunity(logged.app);
      const url = `/api/communities/${fixture.community.id}/members?limit=5&search=${encodeURIComponent('Jane.Doe@example.org')}`;
      await fixture.owner.agent.get(url).expect(200);
      const entries = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).filter((entry) => entry.req?.url.includes('/members'));
      expect(entries.map((entry) => entry.req!.url)).toEqual([`/api/communities/${fixture.community.id}/members?limit=5&search=%5Bredacted%5D`]);
      expect(lines.join('\n').toLowerCase()).not.toContain('jane');
    } finally {
      await logged.close();
    }
  });

  it('leaves other URLs as they are', () => {
    expect(loggedUrl('/api/communities/abc/daily-log?month=4&year=2030')).toBe('/api/communities/abc/daily-log?month=4&year=2030');
    expect(loggedUrl('/api/user')).toBe('/api/user');
    expect(loggedUrl('/api/reports/members?scope=community&search=Ann&cursor=x')).toBe('/api/reports/members?scope=community&search=%5Bredacted%5D&cursor=x');
  });
});
