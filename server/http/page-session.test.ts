import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { PAGE_SESSION_ELEMENT_ID, type PageSession, SIGNED_IN_CHECK_URL } from '@shared/contracts/session-check';
import { users } from '@shared/schema/auth';
import { createApp } from '../app';
import { testConfig } from '../config';
import { createTestApp } from '../test/app';
import { addMember, createCommunity, type Agent, signUp } from '../test/factories';
import { staticClient } from './client';
import { personalisedIndex, scriptSafeJson } from './page-session';

// A browser's HTML parser (jsdom ships no types of its own).
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

// index.html as the build writes it: the preload of "who is signed in?", the entry script in the head.
const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Steadfast</title>
    <link rel="preload" href="${SIGNED_IN_CHECK_URL}" as="fetch" crossorigin="use-credentials" />
    <script type="module" crossorigin src="/assets/index-3f2a1b9c.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const { database } = await createTestApp();
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-page-session-'));
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'index.html'), BUILT_INDEX);
fs.writeFileSync(path.join(clientDir, 'assets', 'index-3f2a1b9c.js'), 'console.log("steadfast");\n');
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
const config = testConfig({ NODE_ENV: 'production' });
const served = createApp({ database, config, sessionSecret: config.SESSION_SECRET!, clientHandler: staticClient(clientDir) });
afterAll(served.close);
const { app } = served;

/** The page parsed as a browser would, and the session its tag holds (undefined: no tag). */
function parsePage(html: string): { document: Document; session: PageSession | null | undefined } {
  const { document } = new JSDOM(html).window;
  const tag = document.getElementById(PAGE_SESSION_ELEMENT_ID);
  return { document, session: tag ? (JSON.parse(tag.textContent ?? '') as PageSession | null) : undefined };
}

async function pageOf(agent: Agent | ReturnType<typeof request>, url = '/') {
  const response = await (agent as Agent).get(url).expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return { response, ...parsePage(response.text) };
}

describe('index.html carries the signed-in visitor (issue 40 item 4)', () => {
  it('holds the user and their memberships exactly as GET /api/user and GET /api/memberships answer them, never stored', async () => {
    const { owner, community } = await createCommunity(app);
    const { response, session, document } = await pageOf(owner.agent, '/tracking');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    // Nothing written: the session is neither saved again nor its cookie sent.
    expect(response.headers['set-cookie']).toBeUndefined();
    const user = (await owner.agent.get('/api/user').expect(200)).body;
    const memberships = (await owner.agent.get('/api/memberships').expect(200)).body;
    expect(session).toEqual({ user, memberships });
    expect(session!.memberships.map((membership) => membership.communityId)).toEqual([community.id]);
    // Answered already: the page no longer preloads the question.
    expect(document.querySelector(`link[href="${SIGNED_IN_CHECK_URL}"]`)).toBeNull();
    expect(document.querySelector('script[src="/assets/index-3f2a1b9c.js"]')).not.toBeNull();
  });

  it("another person's session gets their own", async () => {
    const first = await createCommunity(app);
    const second = await addMember(app, await createCommunity(app), 'second');
    const { session } = await pageOf(second.agent);
    expect(session!.user.id).toBe(second.user.id);
    expect(session!.user.id).not.toBe(first.owner.user.id);
    expect(session!.memberships.every((membership) => membership.userId === second.user.id)).toBe(true);
    expect(session!.memberships.map((membership) => membership.communityId)).not.toContain(first.community.id);
    const { session: firstSession } = await pageOf(first.owner.agent);
    expect(firstSession!.user.id).toBe(first.owner.user.id);
  });

  it('signed out: the page as built (no tag, the preload kept, revalidated) and no session cookie', async () => {
    const { response, session, document } = await pageOf(request(app));
    expect(session).toBeUndefined();
    expect(response.text).toBe(BUILT_INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(document.querySelector(`link[href="${SIGNED_IN_CHECK_URL}"]`)).not.toBeNull();
    // Signed out again: the same cookie no longer names anyone.
    const member = await signUp(app);
    await member.agent.post('/api/logout').expect(200);
    expect((await pageOf(member.agent)).session).toBeUndefined();
  });

  it("/index.html itself (the service worker's offline shell) names nobody, even asked with a session", async () => {
    const member = await signUp(app);
    const response = await member.agent.get('/index.html').expect(200);
    expect(response.text).toBe(BUILT_INDEX);
    expect(parsePage(response.text).session).toBeUndefined();
  });

  it('a name made to break out of the tag stays text in it', async () => {
    // `$'`, `$&` and `$\`` are String.replace's own patterns: a name holding them must not pull the page into the tag.
    for (const displayName of ['</script><script>alert(1)</script>', 'Ruth\u2028alert(1)//\u2029<!--<script>', '</SCRIPT  ><!-- --> & &amp;', "Ruth $' $& $` $$"]) {
      const member = await signUp(app);
      await database.db.update(users).set({ displayName }).where(eq(users.id, member.user.id));
      const { response, session, document } = await pageOf(member.agent);
      expect(session!.user.displayName).toBe(displayName);
      // One inline script (the tag) and the entry: nothing else was opened, and the page ends where it should.
      expect([...document.querySelectorAll('script')].map((script) => script.id || script.getAttribute('src'))).toEqual([
        '/assets/index-3f2a1b9c.js',
        PAGE_SESSION_ELEMENT_ID,
      ]);
      expect(document.getElementById('root')).not.toBeNull();
      expect(response.text).not.toMatch(/<\/script><script>|<!--<|\u2028|\u2029/i);
    }
  });
});

describe('scriptSafeJson and personalisedIndex', () => {
  it('write <, >, & and the line separators as JSON escapes that read back the same', () => {
    const value = { text: '</script><!-- & \u2028\u2029 -->' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('preload the reader’s catalogue (and no other), so the first screen need not wait for it after the entry runs', () => {
    const session = { user: { displayName: 'Ruth', locale: 'ko' }, memberships: [] } as unknown as PageSession;
    const catalogues = { en: '/assets/en-1.js', ko: '/assets/ko-2.js' };
    const page = personalisedIndex('<html><head><title>x</title></head><body></body></html>', session, catalogues);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/ko-2.js">');
    expect(page).not.toContain('/assets/en-1.js');
    expect(personalisedIndex('<html><head></head></html>', session, {})).not.toContain('modulepreload');
  });

  it('put the tag in the head of a page without the preload too', () => {
    const session = { user: { displayName: 'Ruth' }, memberships: [] } as unknown as PageSession;
    const page = personalisedIndex('<html><head><title>x</title></head><body></body></html>', session);
    expect(parsePage(page).session).toEqual(session);
  });
});
