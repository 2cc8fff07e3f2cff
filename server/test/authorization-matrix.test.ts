import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import webpush from 'web-push';
import type { PublicUser } from '@shared/contracts/auth';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import type { Role } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { memberApplications } from '@shared/schema/applications';
import { users } from '@shared/schema/auth';
import { reflections } from '@shared/schema/care';
import { communities, memberships, subgroups } from '@shared/schema/communities';
import { historyOffers } from '@shared/schema/history-offers';
import { notifications } from '@shared/schema/notifications';
import { calendarLocks } from '@shared/schema/tracking';
import { issueToken } from '../features/auth/email-tokens';
import { linkKeyFrom, unsubscribeToken } from '../features/notifications/delivery';
import { testConfig } from '../config';
import { NO_RATE_LIMITS } from '../features/tracking/tracking-test-kit';
import { createTestApp } from './app';
import { expectJsonError, grantSuperAdmin, setRoles } from './community-fixtures';
import { type Agent, signUp, TEST_PASSWORD, uniqueIdentity } from './factories';
import { apiRoutes } from './routes';
import { testGoogleSigner } from './google-signer';
import { fingerprintTables, ownTestDatabase } from './table-dump';

/*
 * The authorization matrix (issue 14): every API route, read from the app's own router, called as each kind
 * of caller, with the status each one must get. A route added without an entry below, or an entry naming a
 * route that is gone, fails the file. DECISIONS.md "Community context": not a member of the community, 404
 * (nothing revealed); a member without the role, 403 with a message; signed out, 401. Refused calls write
 * nothing (every table's digest is compared around them).
 */

const PROJECT_ID = 'steadfast-matrix';
const { googleKeys, signIn: googleToken } = await testGoogleSigner(PROJECT_ID);

// On Postgres this file compares whole tables around refused calls: it needs a database no other file writes.
const own = await ownTestDatabase('matrix');
const { app, database } = await createTestApp(
  {
    ...NO_RATE_LIMITS,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    PUSH_ENDPOINT_HOSTS: ['push.example.org'],
  },
  // Push on (no worker runs here, so nothing is ever sent to the made-up push service).
  { googleKeys, push: { enabled: true, vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:matrix@example.org' } } },
);
own.restore();
const { db } = database;

/** The callers of every cell, in the order of the expectation strings below. */
const ACTORS = ['anonymous', 'outsider', 'member', 'commander', 'otherCommander', 'moderator', 'otherInstitutionAdmin', 'superAdmin'] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = 401 | 403 | 404 | '2xx';

/**
 * One expectation per actor, space-separated, in ACTORS order:
 * anonymous, outsider, member, commander (of the member's subgroup), otherCommander (of another subgroup),
 * moderator (CommunityModerator), otherInstitutionAdmin (InstitutionAdmin of another institution), superAdmin.
 */
function expectations(row: string): Record<ActorName, Expected> {
  const cells = row.trim().split(/\s+/);
  if (cells.length !== ACTORS.length) throw new Error(`"${row}" names ${cells.length} cells, not ${ACTORS.length}`);
  return Object.fromEntries(
    ACTORS.map((actor, i) => {
      const cell = cells[i]!;
      if (cell === '2xx') return [actor, cell];
      if (['401', '403', '404'].includes(cell)) return [actor, Number(cell)];
      throw new Error(`"${cell}" is not an expected status`);
    }),
  ) as Record<ActorName, Expected>;
}

//                         anon outsider member cmdr  other mod   instAdm super
/** Public: anyone, signed in or not. */
const PUBLIC = '           2xx  2xx     2xx    2xx   2xx   2xx   2xx     2xx';
/** Anyone signed in; about the caller only, no community. */
const SIGNED_IN = '        401  2xx     2xx    2xx   2xx   2xx   2xx     2xx';
/** 'community:read' and the like (Member floor): every member, and the admins reaching the community. */
const MEMBERS = '          401  404     2xx    2xx   2xx   2xx   404     2xx';
/** Member floor, but acting as a member of one's own (asking, booking, tracking): a SuperAdmin is told to join. */
const OWN_MEMBERSHIP = '   401  404     2xx    2xx   2xx   2xx   404     403';
/** Commander floor ('questions:answer', 'subgroup-stats:read'). */
const COMMANDERS = '       401  404     403    2xx   2xx   2xx   404     2xx';
/** CommunityModerator floor: the admin actions. */
const ADMINS = '           401  404     403    403   403   2xx   404     2xx';

// ---------------------------------------------------------------------------------------------------------
// The people. Accounts are made once (argon2 costs ~50 ms a hash) and their agents reused.

interface Person {
  agent: Agent;
  user: PublicUser;
  email: string;
  password: string;
}

async function person(prefix: string): Promise<Person> {
  const { agent, user, email, password } = await signUp(app, uniqueIdentity(prefix));
  return { agent, user, email, password };
}

const people = {
  moderator: await person('moderator'),
  coModerator: await person('comoderator'),
  member: await person('member'),
  third: await person('third'),
  commander: await person('commander'),
  otherCommander: await person('othercommander'),
  outsider: await person('outsider'),
  otherInstitutionAdmin: await person('instadmin'),
  superAdmin: await person('superadmin'),
};
await grantSuperAdmin(db, people.superAdmin.user.id);

/** The one signed in as each actor (none for anonymous). */
const actorPeople: Record<ActorName, Person | undefined> = {
  anonymous: undefined,
  outsider: people.outsider,
  member: people.member,
  commander: people.commander,
  otherCommander: people.otherCommander,
  moderator: people.moderator,
  otherInstitutionAdmin: people.otherInstitutionAdmin,
  superAdmin: people.superAdmin,
};

/** Another session of the same account (for calls that sign the session in as someone else, or out). */
async function secondSession(who: Person): Promise<Agent> {
  const agent = request.agent(app);
  await agent.post('/api/login').send({ username: who.email, password: who.password }).expect(200);
  return agent;
}

// ---------------------------------------------------------------------------------------------------------
// The world: a community whose moderator created it, with three subgroups:
//   S1 led by `commander`: `member` and `third`;
//   S2 led by `otherCommander` (nobody in it);
//   S3 led by `coModerator` (a second CommunityModerator): `commander`, `otherCommander` and `moderator`,
// so every member-side caller has a commander to ask and book, and the moderator is not the last one.

interface World {
  id: string;
  s1: string;
  s2: string;
  s3: string;
}

let worlds = 0;
async function buildWorld(): Promise<World> {
  worlds += 1;
  const created = await people.moderator.agent
    .post('/api/communities')
    .send({ name: `Matrix ${worlds} ${randomUUID().slice(0, 8)}`, description: 'The authorization matrix', timeZone: 'America/Chicago' })
    .expect(201);
  const id = created.body.id as string;
  const [s1, s2, s3] = await db
    .insert(subgroups)
    .values([
      { communityId: id, name: 'S1', commanderId: people.commander.user.id },
      { communityId: id, name: 'S2', commanderId: people.otherCommander.user.id },
      { communityId: id, name: 'S3', commanderId: people.coModerator.user.id },
    ])
    .returning({ id: subgroups.id });
  const membership = (who: Person, roles: Role[], subgroupId: string) => ({ userId: who.user.id, communityId: id, roles, subgroupId });
  await db
    .insert(memberships)
    .values([
      membership(people.coModerator, ['CommunityModerator'], s3!.id),
      membership(people.member, ['Member'], s1!.id),
      membership(people.third, ['Member'], s1!.id),
      membership(people.commander, ['Commander'], s3!.id),
      membership(people.otherCommander, ['Commander'], s3!.id),
    ]);
  await db.update(memberships).set({ subgroupId: s3!.id }).where(and(eq(memberships.communityId, id), eq(memberships.userId, people.moderator.user.id)));
  return { id, s1: s1!.id, s2: s2!.id, s3: s3!.id };
}

const world = await buildWorld();

// The InstitutionAdmin of another institution: the moderator of a community of their own, made InstitutionAdmin.
const elsewhere = (await people.otherInstitutionAdmin.agent.post('/api/communities').send({ name: `Elsewhere ${randomUUID().slice(0, 8)}` }).expect(201)).body as { id: string };
await setRoles(db, elsewhere.id, people.otherInstitutionAdmin.user.id, ['CommunityModerator', 'InstitutionAdmin']);

// ---------------------------------------------------------------------------------------------------------
// Times and months that no two cells share, so a booking or a lock never collides with an earlier cell's.

const ZONE = 'America/Chicago';
const today = dateInTimeZone(new Date(), ZONE);
const thisMonth = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
/** A page of the report's member table after some member: the cursor the first page hands out. */
const reportCursor = Buffer.from(JSON.stringify([0, 'a', '00000000-0000-4000-8000-000000000000'])).toString('base64url');
let dayOffset = 2;
/** A member's slot (an hour from 10:00 in the community's zone) on a day no other cell uses. */
function freshSlot() {
  const startsAt = zonedInstant(addDays(today, dayOffset++), '10:00', ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() };
}
let monthIndex = 0;
/** A month (in 2001 onwards) no other cell locks. */
function freshMonth() {
  const index = monthIndex++;
  return { year: 2001 + Math.floor(index / 12), month: (index % 12) + 1 };
}

// ---------------------------------------------------------------------------------------------------------
// Throwaway objects, made for one cell.

async function throwawayUser(prefix: string, imported = false, email?: string) {
  const identity = uniqueIdentity(prefix);
  const [row] = await db
    .insert(users)
    .values({ email: email ?? identity.email, displayName: identity.displayName, isImported: imported })
    .returning({ id: users.id });
  return { id: row!.id, ...identity };
}

/** A reset link's token for a throwaway real account, issued as the e-mail would carry it. */
async function throwawayToken(purpose: 'password-reset') {
  const owner = await throwawayUser(purpose);
  return issueToken(db, { userId: owner.id, purpose, email: owner.email, credentialVersion: 1, now: new Date(), ttlMs: 60 * 60 * 1000 });
}

/** A verification link's token for the caller's own account. */
function verificationTokenOf(who: Person) {
  return issueToken(db, { userId: who.user.id, purpose: 'verify-email', email: who.email, credentialVersion: 1, now: new Date(), ttlMs: 60 * 60 * 1000 });
}

async function throwawayMember(w: World) {
  const target = await throwawayUser('target');
  await db.insert(memberships).values({ userId: target.id, communityId: w.id, roles: ['Member'], subgroupId: w.s1 });
  return target.id;
}

/** A name-only imported member of the community, imported by it (what an admin links to a real member). */
async function throwawayImported(w: World) {
  const [row] = await db.insert(users).values({ email: null, displayName: uniqueIdentity('imported').displayName, isImported: true, importedCommunityId: w.id }).returning({ id: users.id });
  await db.insert(memberships).values({ userId: row!.id, communityId: w.id, roles: ['Member'], subgroupId: w.s1 });
  return row!.id;
}

/** An offer of a throwaway imported record's history to the actor (the person, or nobody's id when anonymous). */
async function throwawayOffer(w: World, who: Person | undefined) {
  const importedUserId = await throwawayImported(w);
  const [row] = await db
    .insert(historyOffers)
    .values({ communityId: w.id, importedUserId, userId: who?.user.id ?? people.third.user.id, offeredBy: people.moderator.user.id, months: 1, days: 2, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: historyOffers.id });
  return row!.id;
}

/** A push device of the actor's own (a random id when anonymous). */
async function throwawayDevice(who: Person | undefined) {
  if (!who) return randomUUID();
  await who.agent.post('/api/push/subscriptions').send(pushSubscription(randomUUID())).expect(201);
  const devices = (await who.agent.get('/api/push/subscriptions').expect(200)).body as { id: string }[];
  return devices[0]!.id;
}

async function throwawaySubgroup(w: World) {
  const [row] = await db.insert(subgroups).values({ communityId: w.id, name: `Throwaway ${randomUUID().slice(0, 6)}` }).returning({ id: subgroups.id });
  return row!.id;
}

async function throwawayQuestion(w: World) {
  const response = await people.member.agent.post('/api/questions').set('X-Community-Id', w.id).send({ title: 'A private question', body: 'Only for my commander' }).expect(201);
  return response.body.id as string;
}

async function throwawayMeeting(w: World) {
  const response = await people.member.agent.post('/api/meetings').set('X-Community-Id', w.id).send(freshSlot()).expect(201);
  return response.body.id as string;
}

/** A reflection of a member of S1 (led by `commander`), on a month of its own. */
async function throwawayReflection(w: World) {
  const author = await throwawayMember(w);
  const [row] = await db.insert(reflections).values({ communityId: w.id, userId: author, year: 2025, month: 1, helped: 'Prayer walks' }).returning({ id: reflections.id });
  return row!.id;
}

async function throwawayNotification(w: World) {
  const [row] = await db
    .insert(notifications)
    .values({ toUserId: people.member.user.id, fromUserId: null, communityId: w.id, type: 'other', title: 'For the member only', message: 'Private' })
    .returning({ id: notifications.id });
  return row!.id;
}


// ---------------------------------------------------------------------------------------------------------
// The matrix.

interface Cell {
  actor: ActorName;
  /** The account signed in as the actor (undefined when anonymous). */
  who: Person | undefined;
  world: World;
  /** What `prepare` made for this cell. */
  made: Record<string, string>;
}

interface Entry {
  /** Expected status per actor (see `expectations`). */
  expect: string;
  send: (agent: Agent, cell: Cell) => request.Test;
  /** Throwaway objects the request acts on, made fresh for each cell. */
  prepare?: (cell: Omit<Cell, 'made'>) => Promise<Record<string, string>>;
  /** A fresh world for each cell: the call changes the community itself (someone leaves, a claim merges memberships). */
  freshWorld?: true;
  /** The call signs its session in as someone else or out: sent from a second session of the actor. */
  replacesSession?: true;
  /**
   * The call deletes the caller's account: sent by an account signed up for the cell (a signed-in caller's
   * right to it does not depend on their standing), so the actors of later cells stay.
   */
  ownAccountGoes?: true;
  /** After an answer in the 2xx class (a changed password is remembered, a signed-out actor signs in again). */
  after?: (cell: Cell) => void | Promise<void>;
}

const me = (cell: { who: Person | undefined }) => cell.who?.user.id ?? randomUUID();
/** A browser's subscription to a made-up push service (a P-256 point of the right length, a 16-byte secret). */
const pushSubscription = (id: string) => ({ endpoint: `https://push.example.org/${id}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } });
const dailyLogBody = { ...thisMonth, dayStatus: { bibleReading: { '1': 'Yes' } } };

const MATRIX: Record<string, Entry> = {
  // Accounts and sessions: public, or about the caller only.
  'POST /api/register': { expect: PUBLIC, replacesSession: true, send: (a) => a.post('/api/register').send({ ...uniqueIdentity('registered'), password: TEST_PASSWORD }) },
  'POST /api/login': {
    expect: PUBLIC,
    replacesSession: true,
    send: (a) => a.post('/api/login').send({ username: people.third.email, password: people.third.password }),
  },
  'POST /api/auth/google': {
    expect: PUBLIC,
    replacesSession: true,
    prepare: async () => ({ idToken: await googleToken() }),
    send: (a, { made }) => a.post('/api/auth/google').send({ idToken: made.idToken, email: '', displayName: '', firebaseUid: '' }),
  },
  'POST /api/logout': { expect: PUBLIC, replacesSession: true, send: (a) => a.post('/api/logout') },
  'GET /api/user': { expect: SIGNED_IN, send: (a) => a.get('/api/user') },
  'POST /api/check-name': { expect: PUBLIC, send: (a) => a.post('/api/check-name').send({ displayName: 'Somebody New' }) },
  'POST /api/user/password': {
    expect: SIGNED_IN,
    prepare: async ({ who }) => ({ current: who?.password ?? TEST_PASSWORD, next: `${TEST_PASSWORD}-${randomUUID().slice(0, 6)}` }),
    send: (a, { made }) => a.post('/api/user/password').send({ currentPassword: made.current, newPassword: made.next }),
    // This session stays signed in; later second sessions sign in with the new password.
    after: ({ who, made }) => {
      if (who) who.password = made.next!;
    },
  },
  'PUT /api/user/locale': { expect: SIGNED_IN, send: (a) => a.put('/api/user/locale').send({ locale: 'en' }) },
  'PUT /api/user/name': {
    expect: SIGNED_IN,
    prepare: async () => ({ displayName: uniqueIdentity('renamed').displayName }),
    send: (a, { made }) => a.put('/api/user/name').send({ displayName: made.displayName }),
    // Later cells read names back (the members list shows the new one).
    after: ({ who, made }) => {
      if (who) who.user.displayName = made.displayName!;
    },
  },
  // Every session of the actor ends (the main one too): it signs in again for the cells after it.
  'POST /api/logout-everywhere': {
    expect: SIGNED_IN,
    replacesSession: true,
    send: (a) => a.post('/api/logout-everywhere'),
    after: async ({ who }) => {
      if (who) await who.agent.post('/api/login').send({ username: who.email, password: who.password }).expect(200);
    },
  },
  'GET /api/user/takeover-review': { expect: SIGNED_IN, send: (a) => a.get('/api/user/takeover-review') },
  'GET /api/user/export': { expect: SIGNED_IN, send: (a) => a.get('/api/user/export') },
  'DELETE /api/user': { expect: SIGNED_IN, ownAccountGoes: true, send: (a) => a.delete('/api/user').send({ password: TEST_PASSWORD }) },
  'POST /api/user/takeover-review/done': { expect: SIGNED_IN, send: (a) => a.post('/api/user/takeover-review/done') },
  'GET /api/user/history-offers': { expect: SIGNED_IN, send: (a) => a.get('/api/user/history-offers') },
  // An offer made to the actor: accepted only by a member of the record's community (others 404, as is an offer to anyone else).
  'POST /api/user/history-offers/:id/accept': {
    expect: '401 404 2xx 2xx 2xx 2xx 404 404',
    prepare: async ({ who, world: w }) => ({ offerId: await throwawayOffer(w, who) }),
    send: (a, { made }) => a.post(`/api/user/history-offers/${made.offerId}/accept`),
  },
  'POST /api/user/history-offers/:id/decline': {
    expect: SIGNED_IN,
    prepare: async ({ who, world: w }) => ({ offerId: await throwawayOffer(w, who) }),
    send: (a, { made }) => a.post(`/api/user/history-offers/${made.offerId}/decline`),
  },
  'POST /api/claim': {
    expect: PUBLIC,
    replacesSession: true,
    prepare: async () => {
      const imported = await throwawayUser('imported', true);
      return { importedUserId: imported.id, email: imported.email, displayName: imported.displayName };
    },
    send: (a, { made }) => a.post('/api/claim').send({ email: made.email, displayName: made.displayName, password: TEST_PASSWORD, importedUserId: made.importedUserId }),
  },
  // An imported member of the community with the caller's e-mail: members claim it; others share no community with it.
  'POST /api/claim-user': {
    expect: '401 404 2xx 2xx 2xx 2xx 404 404',
    freshWorld: true,
    prepare: async ({ who, world: w }) => {
      // A claim needs a proven e-mail: the caller's is verified here, as its link would.
      if (who) await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, who.user.id));
      const imported = await throwawayUser('imported', true, who?.email);
      await db.update(users).set({ importedCommunityId: w.id }).where(eq(users.id, imported.id));
      await db.insert(memberships).values({ userId: imported.id, communityId: w.id, roles: ['Member'] });
      return { importedUserId: imported.id };
    },
    send: (a, { made }) => a.post('/api/claim-user').send({ importedUserId: made.importedUserId }),
  },

  // A verification link is followed by its own account's session; a reset link by anyone holding it.
  'POST /api/verify-email': {
    expect: SIGNED_IN,
    prepare: async ({ who }) => ({ token: who ? await verificationTokenOf(who) : 'A'.repeat(43) }),
    send: (a, { made }) => a.post('/api/verify-email').send({ token: made.token }),
  },
  'POST /api/verify-email/resend': { expect: SIGNED_IN, send: (a) => a.post('/api/verify-email/resend') },
  'POST /api/password-reset': {
    expect: PUBLIC,
    prepare: async () => ({ email: (await throwawayUser('forgetful')).email }),
    send: (a, { made }) => a.post('/api/password-reset').send({ email: made.email }),
  },
  'POST /api/password-reset/confirm': {
    expect: PUBLIC,
    replacesSession: true,
    prepare: async () => ({ token: await throwawayToken('password-reset') }),
    send: (a, { made }) => a.post('/api/password-reset/confirm').send({ token: made.token, password: `${TEST_PASSWORD}-reset` }),
  },

  // Communities.
  'GET /api/memberships': { expect: SIGNED_IN, send: (a) => a.get('/api/memberships') },
  'GET /api/communities/administered': { expect: SIGNED_IN, send: (a) => a.get('/api/communities/administered') },
  'POST /api/communities': { expect: SIGNED_IN, send: (a) => a.post('/api/communities').send({ name: `Created ${randomUUID().slice(0, 8)}` }) },
  // Public with ?community (the apply page greets visitors with the community's name).
  'GET /api/communities/info': { expect: PUBLIC, send: (a, { world: w }) => a.get(`/api/communities/info?community=${w.id}`) },
  'GET /api/communities/:id': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}`) },
  'PUT /api/communities/:id': {
    expect: ADMINS,
    send: (a, { world: w }) => a.put(`/api/communities/${w.id}`).send({ name: `Matrix world ${w.id.slice(0, 8)}`, description: 'The authorization matrix' }),
  },
  // Leaving needs a membership of one's own: a SuperAdmin who is no member has nothing to leave (404).
  // Closing and reopening change the community itself: a fresh one for each cell.
  'POST /api/communities/:id/close': { expect: ADMINS, freshWorld: true, send: (a, { world: w, who }) => a.post(`/api/communities/${w.id}/close`).send({ password: who?.password ?? TEST_PASSWORD }) },
  'POST /api/communities/:id/reopen': {
    expect: ADMINS,
    freshWorld: true,
    prepare: async ({ world: w }) => {
      await db.update(communities).set({ closesAt: new Date(Date.now() + 86_400_000) }).where(eq(communities.id, w.id));
      return {};
    },
    send: (a, { world: w }) => a.post(`/api/communities/${w.id}/reopen`),
  },
  'GET /api/communities/:id/export': { expect: ADMINS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/export`) },
  'POST /api/communities/:id/leave': { expect: '401 404 2xx 2xx 2xx 2xx 404 404', freshWorld: true, send: (a, { world: w }) => a.post(`/api/communities/${w.id}/leave`) },
  'GET /api/communities/:id/members': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/members`) },
  'GET /api/communities/:id/stats': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/stats`) },
  'GET /api/communities/:id/activity': { expect: ADMINS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/activity`) },
  'DELETE /api/communities/:id/members/:userId': {
    expect: ADMINS,
    prepare: async ({ world: w }) => ({ userId: await throwawayMember(w) }),
    send: (a, { world: w, made }) => a.delete(`/api/communities/${w.id}/members/${made.userId}`),
  },
  // A name-only imported record of the community, linked to a real member of it.
  'POST /api/communities/:id/imported-members/:importedUserId/link': {
    expect: ADMINS,
    prepare: async ({ world: w }) => ({ importedUserId: await throwawayImported(w), userId: await throwawayMember(w) }),
    send: (a, { world: w, made }) => a.post(`/api/communities/${w.id}/imported-members/${made.importedUserId}/link`).send({ userId: made.userId }),
  },
  'PATCH /api/users/:userId/role': {
    expect: ADMINS,
    prepare: async ({ world: w }) => ({ userId: await throwawayMember(w) }),
    send: (a, { made }) => a.patch(`/api/users/${made.userId}/role`).send({ roles: ['Commander'] }),
  },

  // Invitations.
  'POST /api/communities/join': {
    expect: SIGNED_IN,
    // A community of its own for each cell, so nobody is a member of it yet.
    prepare: async () => {
      const created = await people.coModerator.agent.post('/api/communities').send({ name: `Joinable ${randomUUID().slice(0, 8)}` }).expect(201);
      const code = await people.coModerator.agent.post(`/api/communities/${created.body.id}/invite-codes`).expect(201);
      return { inviteCode: code.body.inviteCode };
    },
    send: (a, { made }) => a.post('/api/communities/join').send({ inviteCode: made.inviteCode }),
  },
  'POST /api/communities/:id/invite-codes': { expect: ADMINS, send: (a, { world: w }) => a.post(`/api/communities/${w.id}/invite-codes`) },
  'GET /api/communities/:id/invite-codes': { expect: ADMINS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/invite-codes`) },
  'GET /api/communities/:id/invite-codes/latest': { expect: ADMINS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/invite-codes/latest`) },
  'DELETE /api/communities/:id/invite-codes/:codeId': {
    expect: ADMINS,
    prepare: async ({ world: w }) => ({ codeId: (await people.moderator.agent.post(`/api/communities/${w.id}/invite-codes`).expect(201)).body.id }),
    send: (a, { world: w, made }) => a.delete(`/api/communities/${w.id}/invite-codes/${made.codeId}`),
  },

  // Subgroups.
  'GET /api/communities/:id/subgroups': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/subgroups`) },
  'POST /api/subgroups': { expect: ADMINS, send: (a) => a.post('/api/subgroups').send({ name: `New ${randomUUID().slice(0, 6)}` }) },
  'PATCH /api/subgroups/:id/commander': {
    expect: ADMINS,
    prepare: async ({ world: w }) => ({ subgroupId: await throwawaySubgroup(w) }),
    send: (a, { made }) => a.patch(`/api/subgroups/${made.subgroupId}/commander`).send({ commanderId: people.commander.user.id }),
  },
  'DELETE /api/subgroups/:id': {
    expect: ADMINS,
    prepare: async ({ world: w }) => ({ subgroupId: await throwawaySubgroup(w) }),
    send: (a, { made }) => a.delete(`/api/subgroups/${made.subgroupId}`),
  },
  'PATCH /api/users/:userId/subgroup': {
    expect: ADMINS,
    prepare: async ({ world: w }) => ({ userId: await throwawayMember(w) }),
    send: (a, { world: w, made }) => a.patch(`/api/users/${made.userId}/subgroup`).send({ subgroupId: w.s2 }),
  },
  'GET /api/user/subgroup': { expect: MEMBERS, send: (a) => a.get('/api/user/subgroup') },

  // Notifications: one's own only. The member's notification is theirs alone, admins included.
  'GET /api/notifications': { expect: SIGNED_IN, send: (a) => a.get('/api/notifications') },
  'GET /api/user/notification-preferences': { expect: SIGNED_IN, send: (a) => a.get('/api/user/notification-preferences') },
  'PUT /api/user/notification-preferences': { expect: SIGNED_IN, send: (a) => a.put('/api/user/notification-preferences').send({ dailyReminder: false }) },
  // The signed token in the link is the only authority (RFC 8058): anyone holding it, signed in or not.
  'GET /api/notifications/unsubscribe': {
    expect: PUBLIC,
    prepare: async () => ({ token: unsubscribeToken(linkKeyFrom(testConfig().SESSION_SECRET!), (await throwawayUser('unsubscriber')).id, 'questions') }),
    send: (a, { made }) => a.get(`/api/notifications/unsubscribe?token=${made.token}`),
  },
  'GET /api/push/public-key': { expect: PUBLIC, send: (a) => a.get('/api/push/public-key') },
  'POST /api/push/subscriptions': { expect: SIGNED_IN, send: (a) => a.post('/api/push/subscriptions').send(pushSubscription(randomUUID())) },
  'DELETE /api/push/subscriptions': { expect: SIGNED_IN, send: (a) => a.delete('/api/push/subscriptions').send({ endpoint: `https://push.example.org/${randomUUID()}` }) },
  'GET /api/push/subscriptions': { expect: SIGNED_IN, send: (a) => a.get('/api/push/subscriptions') },
  // The actor's own device, made for the cell (another account's id is 404: push-devices.test.ts).
  'DELETE /api/push/subscriptions/:id': {
    expect: SIGNED_IN,
    prepare: async ({ who }) => ({ deviceId: await throwawayDevice(who) }),
    send: (a, { made }) => a.delete(`/api/push/subscriptions/${made.deviceId}`),
  },
  'POST /api/notifications/unsubscribe': {
    expect: PUBLIC,
    prepare: async () => ({ token: unsubscribeToken(linkKeyFrom(testConfig().SESSION_SECRET!), (await throwawayUser('unsubscriber')).id, 'meetings') }),
    send: (a, { made }) => a.post(`/api/notifications/unsubscribe?token=${made.token}`).type('form').send('List-Unsubscribe=One-Click'),
  },
  'PATCH /api/notifications/read-all': { expect: SIGNED_IN, send: (a) => a.patch('/api/notifications/read-all') },
  'PATCH /api/notifications/:id/read': {
    expect: '401 404 2xx 404 404 404 404 404',
    prepare: async ({ world: w }) => ({ notificationId: await throwawayNotification(w) }),
    send: (a, { made }) => a.patch(`/api/notifications/${made.notificationId}/read`),
  },

  // Questions: private between the asker and those who may answer (the commander asked, the admins).
  'POST /api/questions': { expect: OWN_MEMBERSHIP, send: (a) => a.post('/api/questions').send({ title: 'A question', body: 'Asked in the matrix' }) },
  'GET /api/questions': { expect: MEMBERS, send: (a) => a.get('/api/questions') },
  'GET /api/questions/received': { expect: COMMANDERS, send: (a) => a.get('/api/questions/received') },
  'GET /api/questions/:id': {
    expect: '401 404 2xx 2xx 404 2xx 404 2xx',
    prepare: async ({ world: w }) => ({ questionId: await throwawayQuestion(w) }),
    send: (a, { made }) => a.get(`/api/questions/${made.questionId}`),
  },
  'PATCH /api/questions/:id': {
    expect: '401 404 2xx 2xx 404 2xx 404 2xx',
    prepare: async ({ world: w }) => ({ questionId: await throwawayQuestion(w) }),
    // The asker may archive their own question; those who answer may archive it too.
    send: (a, { made }) => a.patch(`/api/questions/${made.questionId}`).send({ status: 'Archived' }),
  },

  // Meetings: private to their two people (the member and their commander), admins included.
  'GET /api/meetings': { expect: MEMBERS, send: (a) => a.get('/api/meetings') },
  'POST /api/meetings': { expect: OWN_MEMBERSHIP, send: (a) => a.post('/api/meetings').send(freshSlot()) },
  'PATCH /api/meetings/:id': {
    expect: '401 404 2xx 2xx 404 404 404 404',
    prepare: async ({ world: w }) => ({ meetingId: await throwawayMeeting(w) }),
    send: (a, { made }) => a.patch(`/api/meetings/${made.meetingId}`).send(freshSlot()),
  },
  'POST /api/meetings/:id/cancel': {
    expect: '401 404 2xx 2xx 404 404 404 404',
    prepare: async ({ world: w }) => ({ meetingId: await throwawayMeeting(w) }),
    send: (a, { made }) => a.post(`/api/meetings/${made.meetingId}/cancel`),
  },
  'GET /api/meetings/:id/ics': {
    expect: '401 404 2xx 2xx 404 404 404 404',
    prepare: async ({ world: w }) => ({ meetingId: await throwawayMeeting(w) }),
    send: (a, { made }) => a.get(`/api/meetings/${made.meetingId}/ics`),
  },
  'GET /api/commanders/:id/free-slots': { expect: MEMBERS, send: (a) => a.get(`/api/commanders/${people.commander.user.id}/free-slots?date=${addDays(today, 3)}`) },
  'GET /api/user/availability': { expect: MEMBERS, send: (a) => a.get('/api/user/availability') },
  'PUT /api/user/availability': { expect: COMMANDERS, send: (a) => a.put('/api/user/availability').send({ windows: [] }) },

  // Tracking.
  'GET /api/communities/:id/discipline-templates': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/discipline-templates`) },
  'POST /api/communities/:id/discipline-templates': {
    expect: ADMINS,
    // The default disciplines, written out: the community tracks the same ones afterwards.
    send: (a, { world: w }) => a.post(`/api/communities/${w.id}/discipline-templates`).send({ templates: DEFAULT_DISCIPLINES }),
  },
  'GET /api/communities/:id/daily-log': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/daily-log?month=${thisMonth.month}&year=${thisMonth.year}`) },
  'POST /api/communities/:id/daily-log': { expect: OWN_MEMBERSHIP, send: (a, { world: w }) => a.post(`/api/communities/${w.id}/daily-log`).send(dailyLogBody) },
  'GET /api/communities/:id/streaks': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/streaks`) },
  'GET /api/communities/:id/calendar-locks': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/calendar-locks`) },
  'POST /api/communities/:id/calendar-locks': {
    expect: ADMINS,
    send: (a, { world: w }) => a.post(`/api/communities/${w.id}/calendar-locks`).send({ ...freshMonth(), isLocked: true, reason: 'Matrix' }),
  },
  'PATCH /api/communities/:id/toggle-lock': { expect: ADMINS, send: (a, { world: w }) => a.patch(`/api/communities/${w.id}/toggle-lock`).send(freshMonth()) },
  'DELETE /api/communities/:id/calendar-locks/:lockId': {
    expect: ADMINS,
    prepare: async ({ world: w }) => {
      const [lock] = await db
        .insert(calendarLocks)
        .values({ communityId: w.id, ...freshMonth(), isLocked: true, lockedByUserId: people.moderator.user.id })
        .returning({ id: calendarLocks.id });
      return { lockId: lock!.id };
    },
    send: (a, { world: w, made }) => a.delete(`/api/communities/${w.id}/calendar-locks/${made.lockId}`),
  },
  // Viewing another member's targets is read-only for every member (SPEC.md section 6).
  'GET /api/users/:id/discipline-targets': { expect: MEMBERS, send: (a) => a.get(`/api/users/${people.member.user.id}/discipline-targets`) },
  'POST /api/users/monthly-targets': {
    expect: ADMINS,
    send: (a) => a.post('/api/users/monthly-targets').send({ userId: people.member.user.id, ...thisMonth, bibleReading: '2 chapters' }),
  },
  'POST /api/users/monthly-completion-goals': {
    expect: OWN_MEMBERSHIP,
    send: (a, cell) => a.post('/api/users/monthly-completion-goals').send({ userId: me(cell), ...thisMonth, prayerWalk: true }),
  },
  // The commander's own subgroup; admins see any commander's; another commander does not.
  'GET /api/commanders/:id/subgroup-members': { expect: '401 404 403 2xx 403 2xx 404 2xx', send: (a) => a.get(`/api/commanders/${people.commander.user.id}/subgroup-members`) },
  'GET /api/commanders/:id/member-stats': {
    expect: '401 404 403 2xx 403 2xx 404 2xx',
    send: (a) => a.get(`/api/commanders/${people.commander.user.id}/member-stats?month=${thisMonth.month}&year=${thisMonth.year}`),
  },
  // Who in the member's subgroup needs a word: its commander and admins; another commander does not.
  'GET /api/communities/:id/needs-a-word': {
    expect: '401 404 403 2xx 403 2xx 404 2xx',
    send: (a, { world: w }) => a.get(`/api/communities/${w.id}/needs-a-word?subgroupId=${w.s1}`),
  },
  'GET /api/communities/:id/care-at-a-glance': {
    expect: '401 404 403 2xx 403 2xx 404 2xx',
    send: (a, { world: w }) => a.get(`/api/communities/${w.id}/care-at-a-glance?subgroupId=${w.s1}`),
  },
  'POST /api/communities/:id/needs-a-word/:userId/reached-out': {
    expect: '401 404 403 2xx 403 2xx 404 2xx',
    send: (a, { world: w }) => a.post(`/api/communities/${w.id}/needs-a-word/${people.member.user.id}/reached-out`),
  },
  'POST /api/communities/:id/needs-a-word/:userId/note': {
    expect: '401 404 403 2xx 403 2xx 404 2xx',
    send: (a, { world: w }) => a.post(`/api/communities/${w.id}/needs-a-word/${people.member.user.id}/note`).send({ message: 'Thinking of you this week.' }),
  },
  // Reflections: one's own (a membership of one's own), a member's to their commander and admins.
  'PUT /api/communities/:id/reflections': {
    expect: OWN_MEMBERSHIP,
    send: (a) => a.put(`/api/communities/${world.id}/reflections`).send({ month: 1, year: 2026, helped: 'Morning prayer' }),
  },
  'GET /api/communities/:id/reflections': {
    expect: '401 404 2xx 2xx 404 2xx 404 2xx',
    send: (a, { world: w }) => a.get(`/api/communities/${w.id}/reflections?month=1&year=2026&userId=${people.member.user.id}`),
  },
  'GET /api/communities/:id/reflections/subgroup': {
    expect: '401 404 403 2xx 403 2xx 404 2xx',
    send: (a, { world: w }) => a.get(`/api/communities/${w.id}/reflections/subgroup?month=1&year=2026&subgroupId=${w.s1}`),
  },
  'POST /api/communities/:id/reflections/:reflectionId/acknowledge': {
    expect: '401 404 403 2xx 404 2xx 404 2xx',
    prepare: async ({ world: w }) => ({ reflectionId: await throwawayReflection(w) }),
    send: (a, { world: w, made }) => a.post(`/api/communities/${w.id}/reflections/${made.reflectionId}/acknowledge`).send({ reply: 'Thank you for writing.' }),
  },
  'GET /api/communities/:id/dashboard': {
    expect: MEMBERS,
    send: (a, { world: w }) => a.get(`/api/communities/${w.id}/dashboard?month=${thisMonth.month}&year=${thisMonth.year}&date=${today}`),
  },
  'GET /api/reports': { expect: MEMBERS, send: (a) => a.get(`/api/reports?month=${thisMonth.month}&year=${thisMonth.year}`) },
  'GET /api/reports/members': { expect: MEMBERS, send: (a) => a.get(`/api/reports/members?month=${thisMonth.month}&year=${thisMonth.year}&cursor=${reportCursor}`) },

  // Import and export.
  'GET /api/export/csv': { expect: ADMINS, send: (a) => a.get('/api/export/csv') },
  'POST /api/import/csv/preview': { expect: ADMINS, send: (a) => a.post('/api/import/csv/preview').send({ csvData: 'Name,Email\nRuth Matrix,ruth@example.org\n' }) },
  'POST /api/import/csv': {
    expect: ADMINS,
    send: (a) => {
      const { email, displayName } = uniqueIdentity('imported');
      return a.post('/api/import/csv').send({ csvData: `Name,Email\n${displayName},${email}\n`, columnMapping: { Name: 'displayName', Email: 'email' }, ...{ importMonth: 4, importYear: 2024 } });
    },
  },

  // Applications: the form is public; reviewing is for admins.
  'POST /api/member-applications': {
    expect: PUBLIC,
    send: (a, { world: w }) => a.post('/api/member-applications').send({ ...applicant(), communityId: w.id, message: 'Hello', disciplineTargets: { bibleReading: '1 chapter' } }),
  },
  'GET /api/member-applications': { expect: ADMINS, send: (a) => a.get('/api/member-applications') },
  'PATCH /api/member-applications/:id/status': {
    expect: ADMINS,
    prepare: async ({ world: w }) => {
      const [row] = await db.insert(memberApplications).values({ communityId: w.id, ...applicant() }).returning({ id: memberApplications.id });
      return { applicationId: row!.id };
    },
    send: (a, { made }) => a.patch(`/api/member-applications/${made.applicationId}/status`).send({ status: 'Rejected', reviewNotes: 'Not now' }),
  },

  // Guidance.
  'GET /api/communities/:id/guidance': { expect: MEMBERS, send: (a, { world: w }) => a.get(`/api/communities/${w.id}/guidance`) },
  'POST /api/communities/:id/guidance': { expect: ADMINS, send: (a, { world: w }) => a.post(`/api/communities/${w.id}/guidance`).send({ contentMarkdown: '# Welcome' }) },
};

function applicant() {
  const { email, displayName } = uniqueIdentity('applicant');
  return { name: displayName, email };
}

const declared = apiRoutes(app);

describe('the matrix covers the router', () => {
  it('has an entry for every API route, and no entry for a route that does not exist', () => {
    const keys = declared.map((route) => route.key);
    expect(keys.filter((key) => !(key in MATRIX)), 'routes without an entry in MATRIX').toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !keys.includes(key)), 'entries naming no route').toEqual([]);
    expect(keys.length).toBeGreaterThanOrEqual(70);
  });
});

describe.each(declared)('$key', ({ key }) => {
  const entry = MATRIX[key];
  // A route without an entry still gets a test, so the file fails where the route is named.
  if (!entry) {
    it('has an entry in the authorization matrix', () => {
      expect.fail(`${key} is not in MATRIX: add the status each actor must get`);
    });
    return;
  }
  const expected = expectations(entry.expect);

  it.each(ACTORS)('as %s', async (actor) => {
    const who = actorPeople[actor];
    const w = entry.freshWorld ? await buildWorld() : world;
    const agent = !who
      ? request.agent(app)
      : entry.ownAccountGoes
        ? (await signUp(app, uniqueIdentity('leaving'))).agent
        : entry.replacesSession
          ? await secondSession(who)
          : who.agent;
    const made = entry.prepare ? await entry.prepare({ actor, who, world: w }) : {};
    const cell: Cell = { actor, who, world: w, made };
    const before = await fingerprintTables(db);
    // The client names the community it shows on every call (DECISIONS.md "Community context").
    const response = await entry.send(agent, cell).set('X-Community-Id', w.id);
    const want = expected[actor];
    const seen = `${key} as ${actor}: ${response.status} ${response.text.slice(0, 300)}`;
    if (want === '2xx') {
      expect(response.status, seen).toBeGreaterThanOrEqual(200);
      expect(response.status, seen).toBeLessThan(300);
      await entry.after?.(cell);
    } else {
      expect(response.status, seen).toBe(want);
      expectJsonError(response, want);
      expect(await fingerprintTables(db), `${key} as ${actor} was refused but wrote`).toEqual(before);
    }
  });
});

describe("one member's private data, asked for by a third member of the same community and subgroup", () => {
  const third = people.third;
  let questionId: string;
  let meetingId: string;
  let notificationId: string;

  beforeAll(async () => {
    const inWorld = (agent: Agent) => ({ post: (url: string) => agent.post(url).set('X-Community-Id', world.id) });
    questionId = (await inWorld(people.member.agent).post('/api/questions').send({ title: 'Something only my commander reads', body: 'Private' }).expect(201)).body.id;
    meetingId = (await inWorld(people.member.agent).post('/api/meetings').send(freshSlot()).expect(201)).body.id;
    // The commander answers another of the member's questions: the member is notified.
    const answered = (await inWorld(people.member.agent).post('/api/questions').send({ title: 'Answered privately', body: 'Private' }).expect(201)).body.id;
    await people.commander.agent.patch(`/api/questions/${answered}`).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Only for you' }).expect(200);
    const mine = (await people.member.agent.get('/api/notifications').expect(200)).body as Array<{ id: string; type: string; isRead: boolean }>;
    const answer = mine.find((notification) => notification.type === 'answer' && !notification.isRead);
    expect(answer).toBeDefined();
    notificationId = answer!.id;
  });

  const refusals: Array<[string, (agent: Agent) => request.Test]> = [
    ['reading the question', (a) => a.get(`/api/questions/${questionId}`)],
    ['archiving the question', (a) => a.patch(`/api/questions/${questionId}`).send({ status: 'Archived' })],
    ['answering the question', (a) => a.patch(`/api/questions/${questionId}`).send({ status: 'Answered', answer: 'Not mine to answer' })],
    ['rescheduling the meeting', (a) => a.patch(`/api/meetings/${meetingId}`).send(freshSlot())],
    ["downloading the meeting's .ics", (a) => a.get(`/api/meetings/${meetingId}/ics`)],
    ['cancelling the meeting', (a) => a.post(`/api/meetings/${meetingId}/cancel`)],
    ['marking the notification read', (a) => a.patch(`/api/notifications/${notificationId}/read`)],
  ];

  // Refused as if it did not exist (404), as another community's would be: its existence is private too.
  it.each(refusals)('refuses %s with 404 and writes nothing', async (_name, call) => {
    const before = await fingerprintTables(db);
    const response = await call(third.agent).set('X-Community-Id', world.id);
    expectJsonError(response, 404);
    expect(response.text).not.toMatch(/Something only my commander reads|Only for you/);
    expect(await fingerprintTables(db)).toEqual(before);
  });

  it("shows none of them in the third member's own lists", async () => {
    const inWorld = (url: string) => third.agent.get(url).set('X-Community-Id', world.id);
    const questions = (await inWorld('/api/questions').expect(200)).body as Array<{ id: string }>;
    const meetings = (await inWorld('/api/meetings').expect(200)).body as Array<{ id: string }>;
    const mine = (await inWorld('/api/notifications').expect(200)).body as Array<{ id: string }>;
    expect(questions.map((q) => q.id)).not.toContain(questionId);
    expect(meetings.map((m) => m.id)).not.toContain(meetingId);
    expect(mine.map((n) => n.id)).not.toContain(notificationId);
    expectJsonError(await inWorld('/api/questions/received'), 403);
  });

  it('shows the third member names but no e-mails: those are for admins, and for a commander about their own subgroup', async () => {
    const inWorld = (agent: Agent, url: string) => agent.get(url).set('X-Community-Id', world.id);
    const seenByThird = (await inWorld(third.agent, `/api/communities/${world.id}/members`).expect(200)).body as Array<{ id: string; displayName: string; email: string | null }>;
    expect(seenByThird.find((m) => m.id === people.member.user.id)?.displayName).toBe(people.member.user.displayName);
    expect(seenByThird.filter((m) => m.email !== null)).toEqual([]);
    expectJsonError(await inWorld(third.agent, `/api/commanders/${people.commander.user.id}/subgroup-members`), 403);
    const seenByModerator = (await inWorld(people.moderator.agent, `/api/communities/${world.id}/members`).expect(200)).body as Array<{ id: string; email: string | null }>;
    expect(seenByModerator.find((m) => m.id === people.member.user.id)?.email).toBe(people.member.email);
    const seenByCommander = (await inWorld(people.commander.agent, `/api/commanders/${people.commander.user.id}/subgroup-members`).expect(200)).body as Array<{ id: string; email: string | null }>;
    expect(seenByCommander.find((m) => m.id === people.member.user.id)?.email).toBe(people.member.email);
  });

  it('leaves them as they were for their owner', async () => {
    const question = (await people.member.agent.get(`/api/questions/${questionId}`).set('X-Community-Id', world.id).expect(200)).body;
    expect(question).toMatchObject({ status: 'Open', answer: null });
    const mine = (await people.member.agent.get('/api/notifications').expect(200)).body as Array<{ id: string; isRead: boolean }>;
    expect(mine.find((n) => n.id === notificationId)?.isRead).toBe(false);
    await people.member.agent.get(`/api/meetings/${meetingId}/ics`).set('X-Community-Id', world.id).expect(200);
  });
});
