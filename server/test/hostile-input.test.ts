import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request, { type Response } from 'supertest';
import webpush from 'web-push';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { linkKeyFrom, unsubscribeToken } from '../features/notifications/delivery';
import { NO_RATE_LIMITS } from '../features/tracking/tracking-test-kit';
import { testConfig } from '../config';
import { createTestApp } from './app';
import { expectJsonError, setRoles } from './community-fixtures';
import { type Agent, addMember, createCommunity, signUp, TEST_PASSWORD, uniqueIdentity } from './factories';
import { apiRoutes } from './routes';
import { testGoogleSigner } from './google-signer';
import { dumpTables, ownTestDatabase } from './table-dump';

/*
 * Hostile input (issue 14): every route that takes a body, a query or a path id gets malformed JSON, a JSON
 * array, null, wrong types, missing fields, long and 1 MB strings, control characters, `__proto__` and
 * `constructor` keys, ids in other spellings and ids of another community's objects. Each is sent as a
 * caller who may use the route (so it reaches validation, not the permission check). None may answer 5xx;
 * each is refused with a 4xx JSON error without a stack or SQL; and a dump of every table (but the session
 * store and the rate-limit counters) is the same after a route's whole batch as before it.
 * Legitimate text (RTL marks, combining characters, astral symbols) is stored and read back exactly (names in their NFKC form), or refused with a field message.
 */

const PROJECT_ID = 'steadfast-hostile';
const { googleKeys } = await testGoogleSigner(PROJECT_ID);

// The dump compares whole tables: on Postgres this file needs a database no other file writes meanwhile.
const own = await ownTestDatabase('hostile');
const { app, database } = await createTestApp(
  {
    ...NO_RATE_LIMITS,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    PUSH_ENDPOINT_HOSTS: ['push.example.org'],
  },
  { googleKeys, push: { enabled: true, vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:hostile@example.org' } } },
);
own.restore();
const { db } = database;

// ---------------------------------------------------------------------------------------------------------
// Two communities. A: its moderator, a commander leading subgroup S, a member of S, and a member with no
// subgroup (the one acted on). B: the same, in another institution; only its ids are used, to be refused.

const ZONE = 'America/Chicago';
const today = dateInTimeZone(new Date(), ZONE);
const thisMonth = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
function slot(daysAhead: number) {
  const startsAt = zonedInstant(addDays(today, daysAhead), '10:00', ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() };
}

/** The ids a request can carry, of one community's objects. */
interface Ids {
  community: string;
  subgroup: string;
  commander: string;
  /** The member who sends the member's requests (their own id where a route wants it). */
  self: string;
  /** A member with no subgroup, whom admins act on. */
  member: string;
  question: string;
  meeting: string;
  notification: string;
  lock: string;
  code: string;
  application: string;
  /** An unclaimed imported member of the community whose e-mail is the member's (what POST /api/claim-user claims, and an admin links). */
  imported: string;
  /** The member's reflection on January 2024, not yet acknowledged. */
  reflection: string;
}
type Kind = keyof Ids;

async function buildCommunity(label: string) {
  const fixture = await createCommunity(app, `Hostile ${label} ${randomUUID().slice(0, 6)}`);
  const id = fixture.community.id;
  const moderator = fixture.owner;
  const commander = await addMember(app, fixture, `${label}-commander`);
  const member = await addMember(app, fixture, `${label}-member`);
  const target = await addMember(app, fixture, `${label}-target`);
  await setRoles(db, id, commander.user.id, ['Commander']);
  const inCommunity = (agent: Agent) => ({
    post: (url: string) => agent.post(url).set('X-Community-Id', id),
    patch: (url: string) => agent.patch(url).set('X-Community-Id', id),
  });
  const subgroup = (await inCommunity(moderator.agent).post('/api/subgroups').send({ name: 'S' }).expect(201)).body.id as string;
  await inCommunity(moderator.agent).patch(`/api/subgroups/${subgroup}/commander`).send({ commanderId: commander.user.id }).expect(200);
  await inCommunity(moderator.agent).patch(`/api/users/${member.user.id}/subgroup`).send({ subgroupId: subgroup }).expect(200);
  const question = (await inCommunity(member.agent).post('/api/questions').send({ title: `${label} question`, body: 'Asked' }).expect(201)).body.id as string;
  const meeting = (await inCommunity(member.agent).post('/api/meetings').send(slot(label === 'A' ? 3 : 4)).expect(201)).body.id as string;
  const lock = (await moderator.agent.post(`/api/communities/${id}/calendar-locks`).send({ month: 1, year: 2024, reason: 'Closed' }).expect(201)).body.id as string;
  const code = (await moderator.agent.post(`/api/communities/${id}/invite-codes`).expect(201)).body.id as string;
  const application = (await request(app).post('/api/member-applications').send({ name: `${label} Applicant ${randomUUID().slice(0, 6)}`, email: `${label.toLowerCase()}-applicant@example.org`, communityId: id }).expect(201)).body
    .id as string;
  // The application notified the moderator: a notification of theirs.
  const notification = ((await moderator.agent.get('/api/notifications').expect(200)).body as Array<{ id: string }>)[0]!.id;
  const [imported] = await db
    .insert(users)
    .values({ email: member.email, displayName: `Imported ${label} ${randomUUID().slice(0, 6)}`, isImported: true, importedCommunityId: id })
    .returning({ id: users.id });
  await db.insert(memberships).values({ userId: imported!.id, communityId: id, roles: ['Member'] });
  const reflection = (await member.agent.put(`/api/communities/${id}/reflections`).send({ month: 1, year: 2024, helped: 'Morning prayer' }).expect(200)).body.id as string;
  const ids: Ids = {
    community: id,
    subgroup,
    commander: commander.user.id,
    self: member.user.id,
    member: target.user.id,
    question,
    meeting,
    notification,
    lock,
    code,
    application,
    imported: imported!.id,
    reflection,
  };
  return { ids, moderator, commander, member };
}

const A = await buildCommunity('A');
const B = await buildCommunity('B');
const account = await signUp(app, uniqueIdentity('account'));
// An imported member to claim at sign-up (POST /api/claim), with an e-mail of its own.
const signUpClaim = uniqueIdentity('claimable');
const [claimable] = await db.insert(users).values({ email: signUpClaim.email, displayName: signUpClaim.displayName, isImported: true }).returning({ id: users.id });

// A claim after joining needs a proven e-mail: the member's is verified, so claim-user gets past that check.
await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, A.member.user.id));
/** Shaped like a link's token, issued to nobody. */
const UNKNOWN_TOKEN = 'A'.repeat(43);

type Sender = 'anonymous' | 'moderator' | 'commander' | 'member' | 'account';
const agents: Record<Exclude<Sender, 'anonymous'>, Agent> = { moderator: A.moderator.agent, commander: A.commander.agent, member: A.member.agent, account: account.agent };

// ---------------------------------------------------------------------------------------------------------
// What each route is sent: a valid request (never sent as such) from which every hostile variant is made.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Body = Record<string, Json>;

interface Spec {
  as: Sender;
  /** The path, with the ids of A (or a variant of one). */
  path: (ids: Ids) => string;
  /** The kinds of id the request carries (path, body or query), each to be spelled otherwise and swapped for B's. */
  ids?: Kind[];
  /** The community comes from X-Community-Id (the route's path names none). */
  header?: true;
  body?: (ids: Ids) => Body;
  query?: (ids: Ids) => Record<string, string>;
  /** Body or query fields that may be left out (the others are required). */
  optional?: string[];
  /** Body fields that may be null. */
  nullable?: string[];
  /** Body fields whose text is a secret, never shown or stored as such (passwords): any character is fine. */
  secret?: string[];
  /**
   * Body fields holding a whole file (the CSV): a control character in it lands in a row, which the import
   * reports and skips (tested in imports/); only a NUL makes the file itself unreadable.
   */
  file?: string[];
  /** Body fields that take more than one type by design (a monthly goal: true, or text such as 'Yes'). */
  lenient?: string[];
  /** Wrong values beyond the generic ones, per field. */
  bad?: Record<string, Json[]>;
  /** Another community's id is fine here (the public apply page reads any community's name). */
  anyCommunity?: true;
  /** A link people open in a browser: refusals are an HTML page (still 4xx, with no stack or SQL), not JSON. */
  page?: true;
}

const templates = [
  { key: 'prayer', label: 'Prayer', unit: 'minutes', isNumeric: true, isDailyGrid: true, order: 1 },
  { key: 'fasting', label: 'Fasting', unit: null, isNumeric: false, isDailyGrid: true, order: 2 },
];
const section = { id: 'welcome', title: 'Welcome', content: 'Read daily', type: 'text' };
const csv = 'Name,Email\nRuth Hostile,ruth.hostile@example.org\n';

const SPECS: Record<string, Spec> = {
  'POST /api/register': {
    as: 'anonymous',
    path: () => '/api/register',
    body: () => ({ email: 'fresh-hostile@example.org', displayName: 'Fresh Hostile', password: TEST_PASSWORD }),
    secret: ['password'],
    bad: { email: ['not-an-email', 'a@', '@b.org', 'a b@c.org'], password: ['short'] },
  },
  'POST /api/login': {
    as: 'anonymous',
    path: () => '/api/login',
    body: () => ({ username: account.email, password: 'not-the-password' }),
    bad: { username: ['not-an-email'] },
  },
  'POST /api/auth/google': {
    as: 'anonymous',
    path: () => '/api/auth/google',
    body: () => ({ idToken: 'header.payload.signature', email: '', displayName: '', firebaseUid: '' }),
    optional: ['email', 'displayName', 'firebaseUid'],
    nullable: ['email', 'displayName', 'firebaseUid'],
    bad: { idToken: ['', 'a.b', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'] },
  },
  'POST /api/logout': { as: 'anonymous', path: () => '/api/logout' },
  'GET /api/user': { as: 'member', path: () => '/api/user' },
  'POST /api/check-name': { as: 'anonymous', path: () => '/api/check-name', body: () => ({ displayName: 'Somebody' }), bad: { displayName: ['', '   '] } },
  'POST /api/user/password': {
    as: 'account',
    path: () => '/api/user/password',
    body: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'a-new-hostile-password' }),
    secret: ['newPassword'],
    bad: { newPassword: ['short', 'password1'], currentPassword: [''] },
  },
  'POST /api/claim': {
    as: 'anonymous',
    path: () => '/api/claim',
    body: () => ({ email: signUpClaim.email, displayName: signUpClaim.displayName, password: TEST_PASSWORD, importedUserId: claimable!.id }),
    secret: ['password'],
    // A real account's id, an imported member of another e-mail.
    bad: {
      importedUserId: [A.ids.self, B.ids.imported, `{${claimable!.id}}`, claimable!.id.replaceAll('-', ''), `${claimable!.id} `, randomUUID()],
      email: ['someone-else@example.org'],
    },
  },
  'POST /api/verify-email': { as: 'account', path: () => '/api/verify-email', body: () => ({ token: UNKNOWN_TOKEN }), bad: { token: ['', 'x', `${UNKNOWN_TOKEN}=`] } },
  'POST /api/verify-email/resend': { as: 'account', path: () => '/api/verify-email/resend' },
  // An address with no account: even a request taken as valid would write nothing.
  'POST /api/password-reset': { as: 'anonymous', path: () => '/api/password-reset', body: () => ({ email: 'nobody-hostile@example.org' }), bad: { email: ['not-an-email', 'a@', '@b.org'] } },
  'POST /api/password-reset/confirm': {
    as: 'anonymous',
    path: () => '/api/password-reset/confirm',
    body: () => ({ token: UNKNOWN_TOKEN, password: 'a-new-hostile-password' }),
    secret: ['password'],
    bad: { password: ['short', 'password1'], token: [''] },
  },
  'POST /api/claim-user': { as: 'member', path: () => '/api/claim-user', ids: ['imported'], body: (ids) => ({ importedUserId: ids.imported }), bad: { importedUserId: [A.ids.self] } },

  'GET /api/memberships': { as: 'member', path: () => '/api/memberships' },
  'GET /api/communities/administered': { as: 'moderator', path: () => '/api/communities/administered', query: () => ({ search: 'Hostile' }), optional: ['search'] },
  'POST /api/communities': {
    as: 'moderator',
    path: () => '/api/communities',
    body: () => ({ name: 'A new community', description: 'About it', timeZone: 'America/Chicago', defaultLocale: 'ko' }),
    optional: ['description', 'timeZone', 'defaultLocale'],
    nullable: ['description', 'defaultLocale'],
    bad: { name: ['', '   '], timeZone: ['Mars/Olympus', 'UTC+25', ''], defaultLocale: ['KO', 'ko-KR '] },
  },
  'GET /api/communities/info': { as: 'anonymous', path: () => '/api/communities/info', ids: ['community'], query: (ids) => ({ community: ids.community }), anyCommunity: true },
  'GET /api/communities/:id': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}`, ids: ['community'] },
  'PUT /api/communities/:id': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}`,
    ids: ['community'],
    body: () => ({ name: 'Renamed', description: 'Changed', timeZone: 'Europe/Paris', defaultLocale: 'pt-BR', graceDays: true }),
    optional: ['description', 'timeZone', 'defaultLocale', 'graceDays'],
    nullable: ['description', 'defaultLocale'],
    bad: { name: [''], timeZone: ['Nowhere/Land'], defaultLocale: ['', 'pt', 'fr'] },
  },
  'POST /api/communities/:id/leave': { as: 'member', path: (ids) => `/api/communities/${ids.community}/leave`, ids: ['community'] },
  'GET /api/communities/:id/members': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/members`,
    ids: ['community'],
    // Without a limit, SPEC.md's whole list; with one, a page narrowed by the rest.
    query: () => ({ limit: '50', search: 'Member', role: 'Member', subgroupId: 'none' }),
    optional: ['limit', 'search', 'role', 'subgroupId'],
    bad: { limit: ['0', '101', 'fifty'], role: ['Pope'], subgroupId: ['someone'] },
  },
  'GET /api/communities/:id/stats': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/stats`, ids: ['community'] },
  'GET /api/communities/:id/activity': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/activity`,
    ids: ['community'],
    // Where a page ended: any instant and id in the cursor's shape.
    query: () => ({ cursor: Buffer.from(JSON.stringify(['2026-03-01 12:00:00.123456+00', '00000000-0000-4000-8000-000000000000'])).toString('base64url') }),
    optional: ['cursor'],
    bad: { cursor: ['', 'not a cursor!', 'x'.repeat(401), 'bm90LWEtY3Vyc29y', Buffer.from(JSON.stringify(['not a time', '00000000-0000-4000-8000-000000000000'])).toString('base64url')] },
  },
  'DELETE /api/communities/:id/members/:userId': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/members/${ids.member}`, ids: ['community', 'member'] },
  'POST /api/communities/:id/imported-members/:importedUserId/link': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/imported-members/${ids.imported}/link`,
    ids: ['community', 'imported', 'member'],
    body: (ids) => ({ userId: ids.member }),
    // Someone signed up but no member here, and the imported record itself (no real member).
    bad: { userId: [account.user.id, A.ids.imported] },
  },
  'PATCH /api/users/:userId/role': {
    as: 'moderator',
    header: true,
    path: (ids) => `/api/users/${ids.member}/role`,
    ids: ['member'],
    body: () => ({ roles: ['Commander'] }),
    bad: { roles: [['Boss'], ['commander'], ['Commander', 5], [{ role: 'Commander' }], ['SuperAdmin'], ['Member', 'Member', 'Member', 'Member', 'Member', 'Member']] },
  },

  'POST /api/communities/join': { as: 'member', path: () => '/api/communities/join', body: () => ({ inviteCode: 'ABCDEFGH' }), bad: { inviteCode: ['', '    ', 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23'] } },
  'POST /api/communities/:id/invite-codes': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/invite-codes`, ids: ['community'] },
  'GET /api/communities/:id/invite-codes': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/invite-codes`, ids: ['community'] },
  'DELETE /api/communities/:id/invite-codes/:codeId': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/invite-codes/${ids.code}`, ids: ['community', 'code'] },
  'GET /api/communities/:id/invite-codes/latest': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/invite-codes/latest`, ids: ['community'] },

  'GET /api/communities/:id/subgroups': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/subgroups`, ids: ['community'] },
  'POST /api/subgroups': {
    as: 'moderator',
    header: true,
    path: () => '/api/subgroups',
    body: () => ({ name: 'Beta Group', description: 'Second' }),
    optional: ['description'],
    nullable: ['description'],
    bad: { name: [''] },
  },
  'PATCH /api/subgroups/:id/commander': {
    as: 'moderator',
    header: true,
    path: (ids) => `/api/subgroups/${ids.subgroup}/commander`,
    ids: ['subgroup', 'commander'],
    body: (ids) => ({ commanderId: ids.commander }),
    nullable: ['commanderId'],
    // A member who holds no commander's role.
    bad: { commanderId: [A.ids.member] },
  },
  'DELETE /api/subgroups/:id': { as: 'moderator', header: true, path: (ids) => `/api/subgroups/${ids.subgroup}`, ids: ['subgroup'] },
  'PATCH /api/users/:userId/subgroup': {
    as: 'moderator',
    header: true,
    path: (ids) => `/api/users/${ids.member}/subgroup`,
    ids: ['member', 'subgroup'],
    body: (ids) => ({ subgroupId: ids.subgroup }),
    nullable: ['subgroupId'],
  },
  'GET /api/user/subgroup': { as: 'member', header: true, path: () => '/api/user/subgroup' },

  'GET /api/notifications': { as: 'moderator', path: () => '/api/notifications', ids: ['notification'], query: (ids) => ({ before: ids.notification }), optional: ['before'] },
  'PATCH /api/notifications/read-all': { as: 'moderator', path: () => '/api/notifications/read-all' },
  'GET /api/user/notification-preferences': { as: 'member', path: () => '/api/user/notification-preferences' },
  'PUT /api/user/notification-preferences': {
    as: 'member',
    path: () => '/api/user/notification-preferences',
    body: () => ({ email: { questions: true }, push: { meetings: false }, dailyReminder: true, reminderEmail: false, reminderTime: '07:30', timeZone: 'Europe/Berlin', quietHours: { start: '22:00', end: '07:00' } }),
    optional: ['email', 'push', 'dailyReminder', 'reminderEmail', 'reminderTime', 'timeZone', 'quietHours'],
    nullable: ['reminderTime', 'quietHours'],
    bad: {
      reminderTime: ['24:00', '7:30', '07:60', '07:30:00'],
      timeZone: ['Mars/Olympus_Mons', 'Europe/../etc', ''],
      quietHours: [{ start: '22:00', end: '22:00' }, { start: '22:00' }, { start: '22:00', end: '07:00', extra: 1 }],
      email: [{ sermons: true }, { questions: 'yes' }, JSON.parse('{"__proto__": {"questions": true}}') as Json],
    },
  },
  'GET /api/push/public-key': { as: 'anonymous', path: () => '/api/push/public-key' },
  'POST /api/push/subscriptions': {
    as: 'member',
    path: () => '/api/push/subscriptions',
    body: () => ({ endpoint: 'https://push.example.org/hostile', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    bad: {
      endpoint: ['http://push.example.org/x', 'https://evil.example.org/x', 'file:///etc/passwd', 'https://169.254.169.254/', 'https://[::1]/', 'javascript:alert(1)', 'https://user:pw@push.example.org/x', `https://push.example.org/${'x'.repeat(3000)}`],
      keys: [{}, { p256dh: 'x', auth: 'A'.repeat(22) }, { p256dh: `B${'A'.repeat(86)}`, auth: 'short' }, { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), extra: 'x' }],
    },
  },
  'DELETE /api/push/subscriptions': { as: 'member', path: () => '/api/push/subscriptions', body: () => ({ endpoint: 'https://push.example.org/hostile' }) },
  'GET /api/push/subscriptions': { as: 'member', path: () => '/api/push/subscriptions' },
  // No device of the member's by this id (another account's, or none): 404 whatever the spelling.
  'DELETE /api/push/subscriptions/:id': { as: 'member', path: () => `/api/push/subscriptions/${randomUUID()}` },
  // Signed out here: as anyone signed in it would end the file's sessions (push-devices.test.ts tests it).
  'POST /api/logout-everywhere': { as: 'anonymous', path: () => '/api/logout-everywhere' },
  'GET /api/user/takeover-review': { as: 'member', path: () => '/api/user/takeover-review' },
  // Never the right password: no variant closes community A.
  'POST /api/communities/:id/close': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/close`, ids: ['community'], body: () => ({ password: 'not-the-hostile-password' }), optional: ['password'], secret: ['password'] },
  // Community A is not closing: a request taken as valid is 409.
  'POST /api/communities/:id/reopen': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/reopen`, ids: ['community'] },
  'GET /api/communities/:id/export': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/export`, ids: ['community'] },
  'GET /api/user/export': { as: 'member', path: () => '/api/user/export' },
  // Never the right password: even a body taken as valid erases nothing (account-deletion.test.ts deletes).
  'DELETE /api/user': { as: 'account', path: () => '/api/user', body: () => ({ password: 'not-the-hostile-password' }), secret: ['password'] },
  'POST /api/user/takeover-review/done': { as: 'member', path: () => '/api/user/takeover-review/done' },
  'GET /api/user/history-offers': { as: 'member', path: () => '/api/user/history-offers' },
  'POST /api/user/history-offers/:id/accept': { as: 'member', path: () => `/api/user/history-offers/${randomUUID()}/accept` },
  'POST /api/user/history-offers/:id/decline': { as: 'member', path: () => `/api/user/history-offers/${randomUUID()}/decline` },
  'PUT /api/user/locale': { as: 'account', path: () => '/api/user/locale', body: () => ({ locale: 'en' }), bad: { locale: ['', 'fr', 'EN', 'pt_BR', 'ko-KR'] } },
  'PUT /api/user/name': {
    as: 'account',
    path: () => '/api/user/name',
    body: () => ({ displayName: 'Renamed Hostile' }),
    bad: { displayName: ['', '   ', 'Vісtim Mod', 'x'.repeat(81)] },
  },
  // Form posts from mail providers: a JSON body is never a one-click unsubscribe, so every variant is refused.
  'GET /api/notifications/unsubscribe': {
    as: 'anonymous',
    path: () => '/api/notifications/unsubscribe',
    query: () => ({ token: unsubscribeToken(linkKeyFrom(testConfig().SESSION_SECRET!), A.ids.self, 'questions') }),
    bad: { token: ['x', `${A.ids.self}.questions.`, `${A.ids.self}.sermons.abc`] },
    page: true,
  },
  'POST /api/notifications/unsubscribe': {
    as: 'anonymous',
    path: () => '/api/notifications/unsubscribe',
    query: () => ({ token: unsubscribeToken(linkKeyFrom(testConfig().SESSION_SECRET!), A.ids.self, 'questions') }),
    body: () => ({ 'List-Unsubscribe': 'One-Click' }),
  },
  'PATCH /api/notifications/:id/read': { as: 'moderator', path: (ids) => `/api/notifications/${ids.notification}/read`, ids: ['notification'] },

  'POST /api/questions': {
    as: 'member',
    header: true,
    path: () => '/api/questions',
    body: () => ({ title: 'Hostile subject', body: 'Hostile message', priority: 'High', tags: ['prayer'] }),
    optional: ['priority', 'tags'],
    bad: { priority: ['Critical', 'high'], tags: [[''], ['x'.repeat(31)], Array.from({ length: 11 }, (_, i) => `tag${i}`), [['nested']]], title: [''], body: ['  '] },
  },
  'GET /api/questions': { as: 'member', header: true, path: () => '/api/questions', ids: ['question'], query: (ids) => ({ before: ids.question }), optional: ['before'] },
  'GET /api/questions/received': {
    as: 'moderator',
    header: true,
    path: () => '/api/questions/received',
    ids: ['question'],
    query: (ids) => ({ before: ids.question }),
    optional: ['before'],
  },
  'GET /api/questions/:id': { as: 'moderator', header: true, path: (ids) => `/api/questions/${ids.question}`, ids: ['question'] },
  'PATCH /api/questions/:id': {
    as: 'moderator',
    header: true,
    path: (ids) => `/api/questions/${ids.question}`,
    ids: ['question'],
    body: () => ({ status: 'Answered', answer: 'Pray on it' }),
    bad: { status: ['Closed', 'answered', 'Open '], answer: [''] },
  },

  'GET /api/meetings': { as: 'member', header: true, path: () => '/api/meetings' },
  'POST /api/meetings': {
    as: 'member',
    header: true,
    path: () => '/api/meetings',
    ids: ['commander', 'question'],
    body: (ids) => ({ ...slot(5), commanderId: ids.commander, questionId: ids.question, location: 'TBD', notes: 'About my question' }),
    optional: ['commanderId', 'questionId', 'location', 'notes'],
    nullable: ['questionId', 'location', 'notes'],
    bad: {
      startsAt: ['tomorrow', '2031-13-01T10:00:00Z', '2031-02-30T10:00:00Z', '2031-01-01', '2031-01-01T10:00:00', '+275760-09-13T00:00:00Z', slot(5).endsAt, '1969-12-31T23:59:59Z'],
      endsAt: [slot(5).startsAt, '2099-01-01T10:00:00Z', 'soon'],
      // Not the member's commander: another member of theirs, and a moderator.
      commanderId: [A.ids.member],
    },
  },
  'PATCH /api/meetings/:id': {
    as: 'member',
    header: true,
    path: (ids) => `/api/meetings/${ids.meeting}`,
    ids: ['meeting'],
    body: () => slot(6),
    bad: { startsAt: ['next week', '2020-01-01T10:00:00Z', slot(6).endsAt], endsAt: [slot(6).startsAt] },
  },
  'GET /api/meetings/:id/ics': { as: 'member', header: true, path: (ids) => `/api/meetings/${ids.meeting}/ics`, ids: ['meeting'] },
  'POST /api/meetings/:id/cancel': { as: 'member', header: true, path: (ids) => `/api/meetings/${ids.meeting}/cancel`, ids: ['meeting'] },
  'GET /api/commanders/:id/free-slots': {
    as: 'member',
    header: true,
    path: (ids) => `/api/commanders/${ids.commander}/free-slots`,
    ids: ['commander'],
    query: () => ({ date: addDays(today, 3) }),
    bad: { date: ['2031-02-30', '2031-13-01', '31/01/2031', 'tomorrow', '0000-01-01', '2031-1-1'] },
  },
  'GET /api/user/availability': { as: 'commander', header: true, path: () => '/api/user/availability' },
  'PUT /api/user/availability': {
    as: 'commander',
    header: true,
    path: () => '/api/user/availability',
    body: () => ({ windows: [{ dayOfWeek: 1, startTime: '09:00', endTime: '17:00' }] }),
    bad: {
      windows: [
        [{ dayOfWeek: 7, startTime: '09:00', endTime: '17:00' }],
        [{ dayOfWeek: 1, startTime: '17:00', endTime: '09:00' }],
        [{ dayOfWeek: 1, startTime: '9:00', endTime: '17:00' }],
        [{ dayOfWeek: 1.5, startTime: '09:00', endTime: '17:00' }],
        [{ dayOfWeek: '1', startTime: '09:00', endTime: '17:00' }],
        [{ dayOfWeek: 1, startTime: '25:00', endTime: '26:00' }],
        [null],
        Array.from({ length: 22 }, () => ({ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' })),
      ],
    },
  },

  'GET /api/communities/:id/discipline-templates': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/discipline-templates`, ids: ['community'] },
  'POST /api/communities/:id/discipline-templates': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/discipline-templates`,
    ids: ['community'],
    body: () => ({ templates }),
    bad: {
      templates: [
        [],
        [{ ...templates[0]!, key: '1prayer' }],
        [{ ...templates[0]!, key: '__proto__' }],
        [{ ...templates[0]!, key: 'prayer' }, { ...templates[1]!, key: 'prayer' }],
        [{ ...templates[0]!, order: 0 }],
        [{ ...templates[0]!, order: '1' }],
        [{ ...templates[0]!, label: '' }],
        [{ ...templates[0]!, isDailyGrid: 'yes' }],
        Array.from({ length: 31 }, (_, i) => ({ ...templates[0]!, key: `d${i}`, order: 1 })),
      ],
    },
  },
  'GET /api/communities/:id/daily-log': {
    as: 'member',
    path: (ids) => `/api/communities/${ids.community}/daily-log`,
    ids: ['community', 'self'],
    query: (ids) => ({ month: String(thisMonth.month), year: String(thisMonth.year), userId: ids.self }),
    optional: ['userId'],
    // Someone who is no member of the community.
    bad: { userId: [account.user.id] },
  },
  'POST /api/communities/:id/daily-log': {
    as: 'member',
    path: (ids) => `/api/communities/${ids.community}/daily-log`,
    ids: ['community', 'self'],
    body: (ids) => ({ userId: ids.self, ...thisMonth, dayStatus: { bibleReading: { '1': 'Yes' } } }),
    optional: ['userId'],
    bad: {
      // Another member's log, an unknown discipline, a day not in any month, a future day, an unknown status, a prototype key.
      userId: [A.ids.member],
      dayStatus: [
        { unknownDiscipline: { '1': 'Yes' } },
        { bibleReading: { '32': 'Yes' } },
        { bibleReading: { '01': 'Yes' } },
        { bibleReading: { '0': 'Yes' } },
        { bibleReading: { '1': 'Maybe' } },
        { bibleReading: { '1': 'yes' } },
        { bibleReading: { '1': null } },
        { bibleReading: ['Yes'] },
        { constructor: { '1': 'Yes' } },
        { toString: { '1': 'Yes' } },
        JSON.parse('{"__proto__": {"1": "Yes"}}') as Json,
      ],
      year: [thisMonth.year + 1, 1999, 2101],
      month: [0, 13],
    },
  },
  'GET /api/communities/:id/streaks': {
    as: 'member',
    path: (ids) => `/api/communities/${ids.community}/streaks`,
    ids: ['community', 'self'],
    query: (ids) => ({ userId: ids.self, date: today }),
    optional: ['userId', 'date'],
    bad: { date: ['2031-02-30', '2031-13-01', 'today', '0000-01-01'] },
  },
  'GET /api/communities/:id/calendar-locks': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/calendar-locks`, ids: ['community'] },
  'POST /api/communities/:id/calendar-locks': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/calendar-locks`,
    ids: ['community'],
    body: () => ({ month: 2, year: 2024, isLocked: true, reason: 'Closing February' }),
    optional: ['isLocked', 'reason'],
    nullable: ['reason'],
    bad: { month: [0, 13, 2.5], year: [1999, 2101] },
  },
  'PATCH /api/communities/:id/toggle-lock': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/toggle-lock`,
    ids: ['community'],
    body: () => ({ month: 3, year: 2024 }),
    bad: { month: [0, 13], year: [1999] },
  },
  'DELETE /api/communities/:id/calendar-locks/:lockId': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/calendar-locks/${ids.lock}`,
    ids: ['community', 'lock'],
  },
  'GET /api/users/:id/discipline-targets': {
    as: 'member',
    header: true,
    path: (ids) => `/api/users/${ids.self}/discipline-targets`,
    ids: ['self'],
    query: () => ({ month: String(thisMonth.month), year: String(thisMonth.year) }),
    optional: [],
  },
  'POST /api/users/monthly-targets': {
    as: 'moderator',
    header: true,
    path: () => '/api/users/monthly-targets',
    ids: ['member'],
    body: (ids) => ({ userId: ids.member, ...thisMonth, bibleReading: '2 chapters', fasting: 'Fridays', prayerWalk: true }),
    optional: ['bibleReading', 'fasting', 'prayerWalk'],
    nullable: ['bibleReading', 'fasting', 'prayerWalk'],
    lenient: ['prayerWalk'],
  },
  'POST /api/users/monthly-completion-goals': {
    as: 'member',
    header: true,
    path: () => '/api/users/monthly-completion-goals',
    ids: ['self'],
    body: (ids) => ({ userId: ids.self, ...thisMonth, prayerWalk: true, evangelism: false }),
    optional: ['prayerWalk', 'evangelism'],
    bad: { userId: [A.ids.member], prayerWalk: ['Yes'], year: [thisMonth.year + 1] },
  },
  'GET /api/communities/:id/needs-a-word': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/needs-a-word`,
    ids: ['community', 'subgroup'],
    query: (ids) => ({ subgroupId: ids.subgroup }),
    optional: ['subgroupId'],
  },
  'GET /api/communities/:id/care-at-a-glance': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/care-at-a-glance`,
    ids: ['community', 'subgroup'],
    query: (ids) => ({ subgroupId: ids.subgroup }),
    optional: ['subgroupId'],
  },
  'POST /api/communities/:id/needs-a-word/:userId/reached-out': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/needs-a-word/${ids.member}/reached-out`,
    ids: ['community', 'member'],
  },
  'POST /api/communities/:id/needs-a-word/:userId/note': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/needs-a-word/${ids.member}/note`,
    ids: ['community', 'member'],
    body: () => ({ message: 'Thinking of you this week.' }),
  },
  'PUT /api/communities/:id/reflections': {
    as: 'member',
    path: (ids) => `/api/communities/${ids.community}/reflections`,
    ids: ['community'],
    body: () => ({ month: 2, year: 2024, helped: 'Prayer walks', hard: 'Fasting', prayerRequest: 'My family' }),
    optional: ['helped', 'hard', 'prayerRequest'],
    nullable: ['helped', 'hard', 'prayerRequest'],
    // A month that has not ended yet.
    bad: { year: [thisMonth.year + 1, 2100] },
  },
  'GET /api/communities/:id/reflections': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/reflections`,
    ids: ['community', 'self'],
    query: (ids) => ({ month: '1', year: '2024', userId: ids.self }),
    optional: ['userId'],
  },
  'GET /api/communities/:id/reflections/subgroup': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/reflections/subgroup`,
    ids: ['community', 'subgroup'],
    query: (ids) => ({ month: '1', year: '2024', subgroupId: ids.subgroup }),
    optional: ['subgroupId'],
  },
  'POST /api/communities/:id/reflections/:reflectionId/acknowledge': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/reflections/${ids.reflection}/acknowledge`,
    ids: ['community', 'reflection'],
    body: () => ({ reply: '🙏' }),
  },
  'GET /api/commanders/:id/subgroup-members': { as: 'moderator', header: true, path: (ids) => `/api/commanders/${ids.commander}/subgroup-members`, ids: ['commander'] },
  'GET /api/commanders/:id/member-stats': {
    as: 'moderator',
    header: true,
    path: (ids) => `/api/commanders/${ids.commander}/member-stats`,
    ids: ['commander'],
    query: () => ({ month: String(thisMonth.month), year: String(thisMonth.year) }),
  },
  'GET /api/communities/:id/dashboard': {
    as: 'member',
    path: (ids) => `/api/communities/${ids.community}/dashboard`,
    ids: ['community'],
    query: () => ({ month: String(thisMonth.month), year: String(thisMonth.year), date: today }),
    bad: { date: ['2031-02-30', 'today', '0000-01-01'] },
  },
  'GET /api/reports': {
    as: 'member',
    header: true,
    path: () => '/api/reports',
    query: () => ({ month: String(thisMonth.month), year: String(thisMonth.year), scope: 'subgroup' }),
    optional: ['scope'],
    bad: { scope: ['everyone', 'community'] },
  },
  'GET /api/reports/members': {
    as: 'member',
    header: true,
    path: () => '/api/reports/members',
    query: () => ({
      month: String(thisMonth.month),
      year: String(thisMonth.year),
      cursor: Buffer.from(JSON.stringify([0, 'a', '00000000-0000-4000-8000-000000000000'])).toString('base64url'),
    }),
    bad: { cursor: ['', 'x'.repeat(401), Buffer.from('[1,"a","b"]').toString('base64url')] },
  },

  'GET /api/export/csv': { as: 'moderator', header: true, path: () => '/api/export/csv' },
  'POST /api/import/csv/preview': { as: 'moderator', header: true, path: () => '/api/import/csv/preview', body: () => ({ csvData: csv }), file: ['csvData'], bad: { csvData: ['', '   \n  ', 'a\u0000b'] } },
  'POST /api/import/csv': {
    as: 'moderator',
    header: true,
    path: () => '/api/import/csv',
    body: () => ({ csvData: csv, columnMapping: { Name: 'displayName', Email: 'email' }, importMonth: 4, importYear: 2024 }),
    file: ['csvData'],
    bad: {
      csvData: ['', `${csv}\u0000`],
      columnMapping: [{}, { Email: 'bibleReading' }, { Name: 'phone', Email: 'email' }, { Surname: 'displayName', Email: 'email' }, { Name: 'displayName', Email: 5 }, JSON.parse('{"__proto__": "email", "Name": "displayName"}') as Json],
      importYear: [2019, 2031],
      importMonth: [0, 13],
    },
  },

  'POST /api/member-applications': {
    as: 'anonymous',
    path: () => '/api/member-applications',
    ids: ['community'],
    anyCommunity: true,
    body: (ids) => ({ name: 'Hopeful Applicant', email: 'hopeful@example.org', message: 'Hello', disciplineTargets: { bibleReading: '1 chapter' }, communityId: ids.community }),
    optional: ['message', 'disciplineTargets'],
    nullable: ['message'],
    bad: { disciplineTargets: [{ unknown: 'x' }, { bibleReading: 5 }, JSON.parse('{"__proto__": {"bibleReading": "x"}}') as Json, { bibleReading: 'x'.repeat(201) }], email: ['nope'] },
  },
  'GET /api/member-applications': { as: 'moderator', header: true, path: () => '/api/member-applications' },
  'PATCH /api/member-applications/:id/status': {
    as: 'moderator',
    header: true,
    path: (ids) => `/api/member-applications/${ids.application}/status`,
    ids: ['application'],
    body: () => ({ status: 'Rejected', reviewNotes: 'Not now' }),
    optional: ['reviewNotes'],
    nullable: ['reviewNotes'],
    bad: { status: ['Pending', 'approved', 'Approved '] },
  },

  'GET /api/communities/:id/guidance': { as: 'moderator', path: (ids) => `/api/communities/${ids.community}/guidance`, ids: ['community'] },
  'POST /api/communities/:id/guidance': {
    as: 'moderator',
    path: (ids) => `/api/communities/${ids.community}/guidance`,
    ids: ['community'],
    body: () => ({ contentMarkdown: '# Welcome', sections: [section] }),
    optional: ['contentMarkdown', 'sections'],
    bad: {
      // Nested deeper than a dashboard renders it (issue 22: 20,000 > overflowed the renderer's stack).
      contentMarkdown: ['>'.repeat(20_000), `${'- '.repeat(5000)}x`, '1. '.repeat(5000), `${'*'.repeat(5000)}a${'*'.repeat(5000)}`, '['.repeat(20_000)],
      sections: [
        [{ ...section, type: 'video' }],
        [{ ...section, id: '../etc' }],
        [{ ...section, color: 'javascript:alert(1)' }],
        [{ ...section, title: 5 }],
        [null],
        Array.from({ length: 41 }, (_, i) => ({ ...section, id: `s${i}` })),
      ],
    },
  },
};

// ---------------------------------------------------------------------------------------------------------
// The hostile variants.

const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Longer than any text field allows (the longest, guidance, takes 20,000), and well under the 100 kB body limit. */
const LONG = 'x'.repeat(50_000);
/** Over the CSV's own limit (2,000,000 characters) and under the import calls' 3 MB body limit. */
const LONG_CSV = 'x'.repeat(2_000_001);

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a" 1}',
  "{'a': 1}",
  '{"a": 1}}',
  '{"a": 1,}',
  '[1,]',
  'nul',
  '\u0000',
  '{"a": "\u0000"',
  '{"a": NaN}',
  '{"a": undefined}',
];

/** 20,000 levels of nesting (40 kB): parsed and refused, or refused by the parser, never a crash. */
const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

/** Other spellings of an id, each naming nothing: as sent in a body or query (`raw`) and in a path. */
function spellings(id: string): Array<{ label: string; raw: string; path: string }> {
  const spelled = (label: string, raw: string, path = encodeURIComponent(raw)) => ({ label, raw, path });
  return [
    spelled('in braces', `{${id}}`),
    spelled('with a trailing space', `${id} `),
    spelled('with a leading space', ` ${id}`),
    spelled('with a line break', `${id}\n`),
    spelled('with a NUL', `${id}\u0000`),
    spelled('blank', ' '),
    spelled('numeric', '12345'),
    spelled('negative', '-1'),
    spelled('without dashes', id.replaceAll('-', '')),
    spelled('with unicode dashes', id.replaceAll('-', '\u2010')),
    spelled('nil uuid', '00000000-0000-0000-0000-000000000000'),
    spelled('an unknown uuid', randomUUID()),
    spelled('..', '..', '%2E%2E'),
    spelled('../ traversal', '../../api/user', '..%2F..%2Fuser'),
    spelled('URL-encoded braces', `%7B${id}%7D`, `%257B${id}%257D`),
    spelled('SQL', `${id}' OR '1'='1`),
    spelled('4 KB', 'a'.repeat(4096)),
  ];
}

interface Variant {
  label: string;
  method: string;
  url: string;
  /** X-Community-Id for routes whose path names no community. */
  header?: string;
  /** An object is sent as JSON; a string is sent as it is, as application/json. */
  body?: Body | string;
}

/** Wrong-typed values for a field, from the type of its valid value. */
function wrongTypes(valid: Json): Json[] {
  if (typeof valid === 'string') return [42, true, {}, ['x'], [valid]];
  if (typeof valid === 'number') return ['three', '', true, false, {}, [valid], 1.5, -1, 1e308];
  if (typeof valid === 'boolean') return ['true', 'yes', 1, 0, {}, [valid]];
  if (Array.isArray(valid)) return ['x', 5, true, {}, [[]]];
  if (valid && typeof valid === 'object') return ['x', 5, true, [], [valid]];
  return [];
}

function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function variantsOf(method: string, spec: Spec): Variant[] {
  const variants: Variant[] = [];
  const header = spec.header ? A.ids.community : undefined;
  const url = (pathIds: Ids, query: Record<string, string | string[]> | undefined = spec.query?.(A.ids)) => `${spec.path(pathIds)}${query ? queryString(query) : ''}`;
  const add = (label: string, parts: Partial<Variant>) => variants.push({ label, method, url: url(A.ids), header, ...parts });
  const optional = new Set(spec.optional ?? []);
  const nullable = new Set(spec.nullable ?? []);
  const secret = new Set(spec.secret ?? []);
  const file = new Set(spec.file ?? []);
  const lenient = new Set(spec.lenient ?? []);

  if (method !== 'GET') for (const text of MALFORMED_JSON) add(`malformed JSON ${JSON.stringify(text.slice(0, 12))}`, { body: text });

  if (spec.body) {
    const valid = spec.body(A.ids);
    const hasRequired = Object.keys(valid).some((key) => !optional.has(key));
    for (const text of ['[]', '[{}]', JSON.stringify([valid]), 'null', '"text"', '42', 'true', 'false', DEEP]) add(`a body of ${text.slice(0, 20)}`, { body: text });
    if (hasRequired) {
      add('an empty object', { body: {} });
      add('the fields under __proto__', { body: `{"__proto__": ${JSON.stringify(valid)}}` });
      add('the fields under constructor.prototype', { body: `{"constructor": {"prototype": ${JSON.stringify(valid)}}}` });
      add('the fields nested one level down', { body: { data: valid } });
      add('deep nesting beside no field', { body: `{"deep": ${DEEP}}` });
    }
    for (const [field, value] of Object.entries(valid)) {
      const withField = (replacement: Json) => ({ ...valid, [field]: replacement });
      if (!optional.has(field)) {
        const { [field]: _left, ...rest } = valid;
        add(`${field} missing`, { body: rest });
      }
      if (!nullable.has(field)) add(`${field} null`, { body: withField(null) });
      for (const wrong of lenient.has(field) ? [] : wrongTypes(value)) add(`${field} = ${JSON.stringify(wrong).slice(0, 30)}`, { body: withField(wrong) });
      if (typeof value === 'string') {
        if (!secret.has(field) && !file.has(field)) {
          for (const character of ['\u0000', '\u001b', '\u007f', '\u0085']) add(`${field} with U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`, { body: withField(`${value}${character}`) });
        }
        add(`${field} of 50,000 characters`, { body: withField(field === 'csvData' ? LONG_CSV : LONG) });
        add(`${field} of 1 MB`, { body: withField(field === 'csvData' ? `${MEGABYTE}\u0000` : MEGABYTE) });
      }
      for (const wrong of spec.bad?.[field] ?? []) add(`${field} = ${JSON.stringify(wrong).slice(0, 40)}`, { body: withField(wrong) });
    }
  }

  if (spec.query) {
    const valid = spec.query(A.ids);
    for (const [key, value] of Object.entries(valid)) {
      const withKey = (replacement: string | string[]) => url(A.ids, { ...valid, [key]: replacement });
      if (!optional.has(key)) {
        const { [key]: _left, ...rest } = valid;
        add(`?${key} missing`, { url: url(A.ids, rest) });
      }
      add(`?${key} twice`, { url: withKey([value, value]) });
      add(`?${key} with a NUL`, { url: withKey(`${value}\u0000`) });
      add(`?${key} of 4 KB`, { url: withKey('9'.repeat(4096)) });
      if (/^\d+$/.test(value)) for (const wrong of ['', 'abc', '1.5', '-1', '0', 'NaN', 'Infinity', '1e3', '99999999999999999999']) add(`?${key}=${wrong}`, { url: withKey(wrong) });
      for (const wrong of spec.bad?.[key] ?? []) add(`?${key}=${String(wrong)}`, { url: withKey(String(wrong)) });
    }
  }

  for (const kind of spec.ids ?? []) {
    for (const spelling of spellings(A.ids[kind])) {
      const pathIds = { ...A.ids, [kind]: spelling.path };
      const rawIds = { ...A.ids, [kind]: spelling.raw };
      add(`${kind} id ${spelling.label}`, {
        url: url(pathIds, spec.query?.(rawIds)),
        body: spec.body?.(rawIds),
      });
    }
    if (!(spec.anyCommunity && kind === 'community')) {
      add(`${kind} id of another community's ${kind}`, { url: url({ ...A.ids, [kind]: B.ids[kind] }, spec.query?.({ ...A.ids, [kind]: B.ids[kind] })), body: spec.body?.({ ...A.ids, [kind]: B.ids[kind] }) });
    }
  }

  if (spec.header) {
    // Header values cannot hold line breaks or NULs, and HTTP drops the spaces around them.
    for (const spelling of spellings(A.ids.community).filter((s) => /^[\x21-\x7e]+$/.test(s.raw))) {
      add(`X-Community-Id ${spelling.label}`, { header: spelling.raw, body: spec.body?.(A.ids) });
    }
    add("X-Community-Id of another community", { header: B.ids.community, body: spec.body?.(A.ids) });
  }
  return variants;
}

function send(spec: Spec, variant: Variant): Promise<Response> {
  const agent = spec.as === 'anonymous' ? request(app) : agents[spec.as];
  const method = variant.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let call = agent[method](variant.url);
  if (variant.header !== undefined) call = call.set('X-Community-Id', variant.header);
  if (typeof variant.body === 'string') call = call.set('Content-Type', 'application/json').send(variant.body);
  else if (variant.body !== undefined) call = call.send(variant.body);
  return call;
}

/** What is wrong with an answer to a hostile request (undefined when it is a proper refusal). */
function problemWith(response: Response, spec: Spec): string | undefined {
  if (response.status < 400 || response.status >= 500) return `answered ${response.status} ${response.text.slice(0, 200)}`;
  if (spec.page) {
    if (!/^text\/html/.test(response.headers['content-type'] ?? '')) return `not a page: ${response.headers['content-type']}`;
    return /\bat [\w.<>]+ \(|\bSELECT\b|\bINSERT\b|node_modules/.test(response.text) ? `a stack or SQL in the page: ${response.text.slice(0, 200)}` : undefined;
  }
  try {
    expectJsonError(response, response.status);
  } catch (error) {
    return `not a clean JSON error: ${(error as Error).message.slice(0, 200)}`;
  }
  return undefined;
}

const declared = apiRoutes(app);

describe('the hostile-input table covers the router', () => {
  it('describes every API route, and no route that does not exist', () => {
    const keys = declared.map((route) => route.key);
    expect(keys.filter((key) => !(key in SPECS)), 'routes without a spec').toEqual([]);
    expect(Object.keys(SPECS).filter((key) => !keys.includes(key)), 'specs naming no route').toEqual([]);
  });
});

describe.each(declared)('$key', ({ key, method }) => {
  const spec = SPECS[key];
  if (!spec) {
    it('is described in SPECS', () => {
      expect.fail(`${key} is not in SPECS: say what a valid request to it is`);
    });
    return;
  }
  const variants = variantsOf(method, spec);
  if (variants.length === 0) {
    it('takes no body, query or path id', () => {
      expect(spec.body ?? spec.query ?? spec.ids ?? spec.header).toBeUndefined();
      expect(method).toBe('GET');
    });
    return;
  }
  it(`refuses ${variants.length} hostile requests with a 4xx JSON error, and writes nothing`, async () => {
    const before = await dumpTables(db);
    const problems: string[] = [];
    for (const variant of variants) {
      const problem = problemWith(await send(spec, variant), spec);
      if (problem) problems.push(`${variant.label}: ${problem}`);
    }
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
    expect(await dumpTables(db)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------
// What is not hostile: the same id spelt in upper case or percent-encoded (DECISIONS.md "Input": ids are
// compared in their canonical lower-case form), and text that is unusual but legitimate.

const upperCase = (id: string) => id.toUpperCase();
const percentEncoded = (id: string) => [...id].map((character) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
/** What an answer says, without the moment it was made (an .ics file's DTSTAMP). */
const content = (response: Response) => (response.type === 'application/json' ? response.body : response.text.replace(/^DTSTAMP:.*$/m, ''));

describe('the same id in upper case or percent-encoded', () => {
  const reads: Array<[string, (spell: (id: string) => string) => request.Test]> = [
    ['GET /api/communities/:id', (spell) => A.moderator.agent.get(`/api/communities/${spell(A.ids.community)}`)],
    ['GET /api/questions/:id', (spell) => A.moderator.agent.get(`/api/questions/${spell(A.ids.question)}`).set('X-Community-Id', A.ids.community)],
    ['GET /api/meetings/:id/ics', (spell) => A.member.agent.get(`/api/meetings/${spell(A.ids.meeting)}/ics`).set('X-Community-Id', A.ids.community)],
    ['GET /api/commanders/:id/subgroup-members', (spell) => A.moderator.agent.get(`/api/commanders/${spell(A.ids.commander)}/subgroup-members`).set('X-Community-Id', A.ids.community)],
    ['GET /api/users/:id/discipline-targets', (spell) => A.member.agent.get(`/api/users/${spell(A.ids.self)}/discipline-targets`).set('X-Community-Id', A.ids.community)],
    ['GET /api/communities/info?community=', (spell) => request(app).get(`/api/communities/info?community=${spell(A.ids.community)}`)],
  ];

  it.each(reads)('%s answers as for the canonical id', async (_name, call) => {
    const canonical = await call((id) => id);
    expect(canonical.status).toBe(200);
    for (const spell of [upperCase, percentEncoded]) {
      const response = await call(spell);
      expect(response.status, spell.name).toBe(200);
      expect(content(response), spell.name).toEqual(content(canonical));
    }
  });

  it('reads the community named by an upper-case X-Community-Id', async () => {
    const canonical = await A.member.agent.get('/api/questions').set('X-Community-Id', A.ids.community).expect(200);
    const upper = await A.member.agent.get('/api/questions').set('X-Community-Id', upperCase(A.ids.community)).expect(200);
    expect(upper.body).toEqual(canonical.body);
    expect(canonical.body.length).toBeGreaterThan(0);
  });

  it('acts on the object named in upper case: a code revoked, a notification read', async () => {
    const code = (await A.moderator.agent.post(`/api/communities/${A.ids.community}/invite-codes`).expect(201)).body.id as string;
    await A.moderator.agent.delete(`/api/communities/${upperCase(A.ids.community)}/invite-codes/${upperCase(code)}`).expect(200);
    const active = (await A.moderator.agent.get(`/api/communities/${A.ids.community}/invite-codes`).expect(200)).body as Array<{ id: string }>;
    expect(active.map((row) => row.id)).not.toContain(code);

    await request(app).post('/api/member-applications').send({ name: 'Upper Case', email: 'upper-case@example.org', communityId: upperCase(A.ids.community) }).expect(201);
    const unread = ((await A.moderator.agent.get('/api/notifications').expect(200)).body as Array<{ id: string; isRead: boolean }>).find((n) => !n.isRead)!;
    await A.moderator.agent.patch(`/api/notifications/${percentEncoded(upperCase(unread.id))}/read`).expect(200);
    const after = (await A.moderator.agent.get('/api/notifications').expect(200)).body as Array<{ id: string; isRead: boolean }>;
    expect(after.find((n) => n.id === unread.id)?.isRead).toBe(true);
  });
});

/** Text that is unusual but legitimate: stored and read back exactly, or (if refused) a 400 naming the field. */
const LEGITIMATE_TEXT: Record<string, string> = {
  'a right-to-left mark': 'Grace\u200F Chapel',
  'Arabic in an isolate': 'Fellowship \u2067جماعة النعمة\u2069',
  'combining characters': 'Zoe\u0308 and Rene\u0301e',
  'astral symbols': 'Praise 🙏🏽 𝔊𝔯𝔞𝔠𝔢',
  'a ZWJ sequence': 'Family 👨‍👩‍👧‍👦',
  'zero-width joiners': 'क्‍ष and می‌خواهم',
  'a lone surrogate': 'Broken \uD800 half',
};

let uniqueness = 0;
/** Days and months that no two text cases share (a meeting slot, a lock). */
const nextCase = () => ++uniqueness;

interface TextCase {
  /** The field a refusal must name. */
  field: string;
  /** Set-up of its own (a question to answer, a community to fill), made before the tables are dumped. */
  prepare?: () => Promise<string>;
  /** Sends the text in an otherwise valid request: the response, what should be stored, and how to read it back. */
  send: (text: string, prepared: string) => Promise<{ response: Response; expected: unknown; stored: () => Promise<unknown> }>;
}

const inA = (call: request.Test) => call.set('X-Community-Id', A.ids.community);
const newCommunity = async () => (await A.moderator.agent.post('/api/communities').send({ name: `Text case ${nextCase()}` }).expect(201)).body.id as string;

const TEXT_CASES: Record<string, TextCase> = {
  'display name (sign-up)': {
    field: 'displayName',
    send: async (text) => {
      const agent = request.agent(app);
      const displayName = `${text} ${nextCase()}${randomUUID().slice(0, 4)}`;
      const response = await agent.post('/api/register').send({ email: `${randomUUID()}@example.org`, displayName, password: TEST_PASSWORD });
      // Names are stored in their NFKC form (DECISIONS.md "Input"): 'e' + U+0301 reads back as 'é'.
      return { response, expected: displayName.normalize('NFKC'), stored: async () => (await agent.get('/api/user').expect(200)).body.displayName };
    },
  },
  'display name (name change)': {
    field: 'displayName',
    send: async (text) => {
      const displayName = `${text} ${nextCase()}${randomUUID().slice(0, 4)}`;
      const response = await account.agent.put('/api/user/name').send({ displayName });
      return { response, expected: displayName.normalize('NFKC'), stored: async () => (await account.agent.get('/api/user').expect(200)).body.displayName };
    },
  },
  'community name and description': {
    field: 'name',
    send: async (text) => {
      const response = await A.moderator.agent.post('/api/communities').send({ name: text, description: text });
      return {
        response,
        expected: { name: text, description: text },
        stored: async () => {
          const { name, description } = (await A.moderator.agent.get(`/api/communities/${response.body.id}`).expect(200)).body;
          return { name, description };
        },
      };
    },
  },
  'subgroup name and description': {
    field: 'name',
    send: async (text) => {
      const response = await inA(A.moderator.agent.post('/api/subgroups')).send({ name: text, description: text });
      return {
        response,
        expected: { name: text, description: text },
        stored: async () => {
          const list = (await A.moderator.agent.get(`/api/communities/${A.ids.community}/subgroups`).expect(200)).body as Array<{ id: string; name: string; description: string }>;
          const found = list.find((s) => s.id === response.body.id);
          return { name: found?.name, description: found?.description };
        },
      };
    },
  },
  'question subject, message and tag': {
    field: 'title',
    send: async (text) => {
      const response = await inA(A.member.agent.post('/api/questions')).send({ title: text, body: text, tags: [text] });
      return {
        response,
        expected: { title: text, body: text, tags: [text] },
        stored: async () => {
          const { title, body, tags } = (await inA(A.member.agent.get(`/api/questions/${response.body.id}`)).expect(200)).body;
          return { title, body, tags };
        },
      };
    },
  },
  answer: {
    field: 'answer',
    prepare: async () => (await inA(A.member.agent.post('/api/questions')).send({ title: 'Unicode answer', body: 'Please' }).expect(201)).body.id as string,
    send: async (text, question) => {
      const response = await inA(A.commander.agent.patch(`/api/questions/${question}`)).send({ status: 'Answered', answer: text });
      return { response, expected: text, stored: async () => (await inA(A.member.agent.get(`/api/questions/${question}`)).expect(200)).body.answer };
    },
  },
  'meeting notes and location': {
    field: 'notes',
    send: async (text) => {
      // Scheduled by the commander: a member's own request is always 'TBD' (DECISIONS.md).
      const response = await inA(A.commander.agent.post('/api/meetings')).send({ ...slot(20 + nextCase()), memberId: A.ids.self, notes: text, location: text });
      return {
        response,
        expected: { notes: text, location: text },
        stored: async () => {
          const found = ((await inA(A.commander.agent.get('/api/meetings')).expect(200)).body as Array<{ id: string; notes: string; location: string }>).find((m) => m.id === response.body.id);
          return { notes: found?.notes, location: found?.location };
        },
      };
    },
  },
  'lock reason': {
    field: 'reason',
    send: async (text) => {
      const n = nextCase();
      const response = await A.moderator.agent.post(`/api/communities/${A.ids.community}/calendar-locks`).send({ month: (n % 12) + 1, year: 2060 + Math.floor(n / 12), reason: text });
      return {
        response,
        expected: text,
        stored: async () => ((await A.moderator.agent.get(`/api/communities/${A.ids.community}/calendar-locks`).expect(200)).body as Array<{ id: string; reason: string }>).find((l) => l.id === response.body.id)?.reason,
      };
    },
  },
  'target text': {
    field: 'bibleReading',
    send: async (text) => {
      const response = await inA(A.moderator.agent.post('/api/users/monthly-targets')).send({ userId: A.ids.member, ...thisMonth, bibleReading: text });
      return { response, expected: text, stored: async () => (await inA(A.moderator.agent.get(`/api/users/${A.ids.member}/discipline-targets`)).expect(200)).body.bibleReading };
    },
  },
  'discipline label and unit': {
    field: 'templates.0.label',
    prepare: newCommunity,
    send: async (text, community) => {
      const response = await A.moderator.agent.post(`/api/communities/${community}/discipline-templates`).send({ templates: [{ key: 'prayer', label: text, unit: text, order: 1 }] });
      return {
        response,
        expected: { label: text, unit: text },
        stored: async () => {
          const [first] = (await A.moderator.agent.get(`/api/communities/${community}/discipline-templates`).expect(200)).body as Array<{ label: string; unit: string }>;
          return { label: first?.label, unit: first?.unit };
        },
      };
    },
  },
  'guidance text and section': {
    field: 'contentMarkdown',
    prepare: newCommunity,
    send: async (text, community) => {
      const response = await A.moderator.agent.post(`/api/communities/${community}/guidance`).send({ contentMarkdown: text, sections: [{ ...section, title: text, content: text }] });
      return {
        response,
        expected: { contentMarkdown: text, title: text, content: text },
        stored: async () => {
          const { contentMarkdown, sections } = (await A.moderator.agent.get(`/api/communities/${community}/guidance`).expect(200)).body;
          return { contentMarkdown, title: sections[0]?.title, content: sections[0]?.content };
        },
      };
    },
  },
  'application name, message and target': {
    field: 'name',
    send: async (text) => {
      const name = `${text} ${nextCase()}`;
      const response = await request(app)
        .post('/api/member-applications')
        .send({ name, email: `${randomUUID()}@example.org`, message: text, disciplineTargets: { bibleReading: text }, communityId: A.ids.community });
      return {
        response,
        expected: { name: name.normalize('NFKC'), message: text, bibleReading: text },
        stored: async () => {
          const list = (await inA(A.moderator.agent.get('/api/member-applications')).expect(200)).body as Array<{ id: string; name: string; message: string; disciplineTargets: { bibleReading?: string } }>;
          const found = list.find((a) => a.id === response.body.id);
          return { name: found?.name, message: found?.message, bibleReading: found?.disciplineTargets.bibleReading };
        },
      };
    },
  },
  'review notes': {
    field: 'reviewNotes',
    prepare: async () =>
      (await request(app).post('/api/member-applications').send({ name: `Reviewed ${nextCase()}`, email: `${randomUUID()}@example.org`, communityId: A.ids.community }).expect(201)).body.id as string,
    send: async (text, application) => {
      const response = await inA(A.moderator.agent.patch(`/api/member-applications/${application}/status`)).send({ status: 'Rejected', reviewNotes: text });
      return {
        response,
        expected: text,
        stored: async () => ((await inA(A.moderator.agent.get('/api/member-applications')).expect(200)).body as Array<{ id: string; reviewNotes: string }>).find((a) => a.id === application)?.reviewNotes,
      };
    },
  },
};

describe.each(Object.entries(TEXT_CASES))('legitimate unusual text: %s', (_name, { field, prepare, send: sendText }) => {
  it.each(Object.entries(LEGITIMATE_TEXT))('with %s: stored and read back exactly (a name in its NFKC form), or refused with 400 naming the field and nothing written', async (_label, text) => {
    const prepared = prepare ? await prepare() : '';
    const before = await dumpTables(db);
    const { response, expected, stored } = await sendText(text, prepared);
    if (response.status >= 200 && response.status < 300) {
      expect(await stored()).toEqual(expected);
    } else {
      expectJsonError(response, 400);
      expect(Object.keys(response.body.fields ?? {}), response.text).toContain(field);
      expect(await dumpTables(db)).toEqual(before);
    }
  });
});

describe('__proto__ and constructor keys beside a valid body', () => {
  const raw = (call: request.Test, text: string) => call.set('Content-Type', 'application/json').send(text);

  it('refuses a __proto__ key anywhere in a body with 400 naming it, and writes nothing', async () => {
    const before = await dumpTables(db);
    const refusals: Array<[request.Test, string]> = [
      [raw(request(app).post('/api/register'), `{"email": "proto@example.org", "displayName": "Proto Type", "password": "${TEST_PASSWORD}", "__proto__": {"isSuperAdmin": true}}`), '__proto__'],
      [raw(inA(A.moderator.agent.patch(`/api/users/${A.ids.member}/role`)), '{"roles": ["Member"], "__proto__": {"roles": ["SuperAdmin"]}}'), '__proto__'],
      [raw(A.member.agent.post(`/api/communities/${A.ids.community}/daily-log`), `{"month": ${thisMonth.month}, "year": ${thisMonth.year}, "dayStatus": {"bibleReading": {"1": "Yes"}, "__proto__": {"1": "Yes"}}}`), 'dayStatus.__proto__'],
      [raw(A.moderator.agent.put(`/api/communities/${A.ids.community}`), '{"name": "Polluted", "__proto__": {"institutionId": "00000000-0000-0000-0000-000000000000", "isPrivate": false}}'), '__proto__'],
    ];
    for (const [call, field] of refusals) {
      const response = await call;
      expectJsonError(response, 400);
      expect(response.body.fields).toEqual({ [field]: 'Not a field this request takes' });
    }
    expect(await dumpTables(db)).toEqual(before);
  });

  it('ignores constructor and isSuperAdmin keys: the account made is no SuperAdmin, the roles set are the ones named', async () => {
    const agent = request.agent(app);
    const { email, displayName } = uniqueIdentity('constructor');
    await raw(agent.post('/api/register'), `{"email": "${email}", "displayName": "${displayName}", "password": "${TEST_PASSWORD}", "isSuperAdmin": true, "constructor": {"prototype": {"isSuperAdmin": true}}}`).expect(201);
    expect((await agent.get('/api/user').expect(200)).body.isSuperAdmin).toBe(false);
    const roles = await raw(inA(A.moderator.agent.patch(`/api/users/${A.ids.member}/role`)), '{"roles": ["Member"], "isSuperAdmin": true, "constructor": {"prototype": {"roles": ["SuperAdmin"]}}}').expect(200);
    expect(roles.body.roles).toEqual(['Member']);
  });
});

describe('after every hostile request', () => {
  it('nobody gained a privilege, and no object prototype was polluted', async () => {
    for (const agent of [A.moderator.agent, A.commander.agent, A.member.agent, account.agent]) {
      expect((await agent.get('/api/user').expect(200)).body.isSuperAdmin).toBe(false);
    }
    const members = (await A.moderator.agent.get(`/api/communities/${A.ids.community}/members`).expect(200)).body as Array<{ id: string; roles: string[] }>;
    expect(Object.fromEntries(members.filter((m) => [A.ids.commander, A.ids.self, A.ids.member].includes(m.id)).map((m) => [m.id, m.roles]))).toEqual({
      [A.ids.commander]: ['Commander'],
      [A.ids.self]: ['Member'],
      [A.ids.member]: ['Member'],
    });
    const probe: Record<string, unknown> = {};
    for (const key of ['isSuperAdmin', 'roles', 'institutionId', 'isPrivate', 'bibleReading', '1', 'data']) expect(probe[key], key).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
