import { and, desc, eq, inArray, like } from 'drizzle-orm';
import request from 'supertest';
import webpush from 'web-push';
import type { NotificationView } from '@shared/contracts/notifications';
import { dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { mailOutbox } from '@shared/schema/mail';
import { testConfig } from '../../config';
import { translator } from '../../i18n/translate';
import { createTestApp } from '../../test/app';
import { TEST_PASSWORD, type Agent } from '../../test/factories';
import { subgroupWorld, type SubgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { FORMER_MEMBER } from '../your-data/tombstones';
import { linkKeyFrom } from './delivery';
import { REMINDER_BODY, REMINDER_TITLE, sendDueReminders } from './reminders';

// Issue 43 item 4: a notification is written in its reader's language when it is made: the bell's line, the e-mail
// and the push; the one-click unsubscribe page too. Each reader in theirs, also when one change tells many.

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@example.org' };
const { app, database } = await createTestApp({ ...LIFTED_LIMITS, PUSH_ENDPOINT_HOSTS: ['push.example.org'] }, { push: { enabled: true, vapid } });
const { db } = database;
const ko = translator('ko');
const es = translator('es');
const pt = translator('pt-BR');

const inWorld = (world: SubgroupWorld) => (call: request.Test) => call.set('X-Community-Id', world.id);
const choose = (agent: Agent, locale: string) => agent.put('/api/user/locale').send({ locale }).expect(200);
const bellOf = async (agent: Agent) => (await agent.get('/api/notifications').expect(200)).body as NotificationView[];
const mailTo = (email: string) =>
  db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), like(mailOutbox.kind, 'notify-%'))).orderBy(desc(mailOutbox.createdAt));
let devices = 0;
async function subscribe(agent: Agent) {
  const endpoint = `https://push.example.org/${++devices}`;
  await agent.post('/api/push/subscriptions').send({ endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }).expect(201);
  return endpoint;
}
const pushesTo = async (endpoint: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, endpoint))).map((row) => JSON.parse(row.textBody) as { title: string; body: string });

async function verifiedWorld() {
  const world = await subgroupWorld(app, db);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, [world.owner, world.commander, world.asker, world.neighbour].map((each) => each.user.id)));
  return world;
}

it('the catalogues this suite reads are translated (else it would compare English with English)', () => {
  for (const t of [ko, es, pt]) {
    expect(t('New question')).not.toBe('New question');
    expect(t('Open it in Steadfast:')).not.toBe('Open it in Steadfast:');
  }
});

it('a question reaches a Korean commander in Korean: the bell, the e-mail and the push; the subject stays as typed', async () => {
  const world = await verifiedWorld();
  await choose(world.commander.agent, 'ko');
  const device = await subscribe(world.commander.agent);
  await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'Fasting on work days', body: 'PRIVATE', priority: 'Normal' }).expect(201);

  const [line] = await bellOf(world.commander.agent);
  expect(line).toMatchObject({ type: 'question', title: ko('New question'), message: ko('{name} asked: {title}', { name: world.asker.user.displayName, title: 'Fasting on work days' }) });
  const [mail] = await mailTo(world.commander.email);
  expect(mail!.subject).toBe(ko('New question: {title}', { title: 'Fasting on work days' }));
  expect(mail!.textBody).toContain(ko('Open it in Steadfast:'));
  expect(mail!.textBody).toContain(ko('Stop these e-mails: {link}', { link: '' }).trim());
  expect(mail!.textBody).not.toContain('Open it in Steadfast:');
  // Its HTML part says which language it is in, and its button keeps the translated label.
  expect(mail!.htmlBody).toContain('<html lang="ko">');
  expect(mail!.htmlBody).toContain(`>${ko('Open it in Steadfast:').slice(0, -1)}</a>`);
  expect(await pushesTo(device)).toEqual([expect.objectContaining({ title: ko('New question') })]);
});

it('one application tells each moderator in theirs: Korean, Spanish and, for one who chose nothing, the community’s default', async () => {
  const world = await verifiedWorld();
  await choose(world.owner.agent, 'ko');
  await choose(world.commander.agent, 'es');
  await inWorld(world)(world.owner.agent.patch(`/api/users/${world.neighbour.user.id}/role`)).send({ roles: ['CommunityModerator'] }).expect(200);
  await inWorld(world)(world.owner.agent.put(`/api/communities/${world.id}`)).send({ name: world.community.name, defaultLocale: 'pt-BR' }).expect(200);
  await inWorld(world)(world.owner.agent.patch(`/api/users/${world.commander.user.id}/role`)).send({ roles: ['CommunityModerator'] }).expect(200);
  await request(app).post('/api/member-applications').send({ name: 'Lydia of Thyatira', email: 'lydia@example.org', disciplineTargets: {}, communityId: world.id }).expect(201);

  const values = { name: 'Lydia of Thyatira', community: world.community.name };
  const lineOf = async (agent: Agent) => (await bellOf(agent)).find((line) => line.type === 'application');
  expect(await lineOf(world.owner.agent)).toMatchObject({ title: ko('New application'), message: ko('{name} asked to join {community}. Review it under Administration > New Members.', values) });
  expect(await lineOf(world.commander.agent)).toMatchObject({ title: es('New application'), message: es('{name} asked to join {community}. Review it under Administration > New Members.', values) });
  expect(await lineOf(world.neighbour.agent)).toMatchObject({ title: pt('New application') });
  expect(pt('New application')).not.toBe(es('New application'));
});

it('a community closing tells each member in theirs, its date written their way', async () => {
  const world = await verifiedWorld();
  await choose(world.asker.agent, 'es');
  await choose(world.neighbour.agent, 'en');
  await world.owner.agent.post(`/api/communities/${world.id}/close`).send({ password: TEST_PASSWORD }).expect(200);
  const [spanish] = await bellOf(world.asker.agent);
  const [english] = await bellOf(world.neighbour.agent);
  expect(spanish).toMatchObject({ type: 'community', title: es('Community closing') });
  expect(english).toMatchObject({ type: 'community', title: 'Community closing' });
  // The same day, in each language's words for it (in the community's zone, America/Chicago, as the message writes it).
  const month = (locale: string) => new Date(Date.now() + 30 * 24 * 3600_000).toLocaleString(locale, { month: 'long', timeZone: 'America/Chicago' });
  expect(spanish!.message).toContain(world.community.name);
  expect(spanish!.message).toContain(month('es'));
  expect(english!.message).toContain(month('en-US'));
});

it('a deleted member becomes "a former member" in each reader’s language', async () => {
  const world = await verifiedWorld();
  await choose(world.commander.agent, 'es');
  await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'Prayer', body: 'Body', priority: 'Normal' }).expect(201);
  await world.asker.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);
  const [line] = await bellOf(world.commander.agent);
  expect(line!.message).toBe(es('{name} asked: {title}', { name: es(FORMER_MEMBER), title: 'Prayer' }));
});

describe('the one-click unsubscribe page', () => {
  it('reads in the language of the person the link names, and an invalid link in the browser’s', async () => {
    const world = await verifiedWorld();
    await choose(world.commander.agent, 'ko');
    await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'Unsubscribe', body: 'Body', priority: 'Normal' }).expect(201);
    const [mail] = await mailTo(world.commander.email);
    const url = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    const page = await request(app).get(`${url.pathname}${url.search}`).set('Accept-Language', 'en-US').expect(200);
    expect(page.text).toContain('<html lang="ko">');
    expect(page.text).toContain(ko('Stop these e-mails?'));
    const done = await request(app).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(done.text).toContain(`<h1>${ko('Done')}</h1>`);

    const invalid = await request(app).get('/api/notifications/unsubscribe?token=nonsense').set('Accept-Language', 'es-MX,es;q=0.9').expect(400);
    expect(invalid.text).toContain('<html lang="es">');
    expect(invalid.text).toContain(es('This link does not work'));
  });
});

it('a daily reminder comes in its reader’s language, push and e-mail', async () => {
  const world = await verifiedWorld();
  const zone = 'Asia/Tokyo';
  await choose(world.asker.agent, 'pt-BR');
  await world.asker.agent.put('/api/user/notification-preferences').send({ dailyReminder: true, reminderTime: '09:15', reminderEmail: true, timeZone: zone }).expect(200);
  const device = await subscribe(world.asker.agent);
  const settings = { origin: 'https://steadfast.example.org', linkKey: linkKeyFrom(testConfig().SESSION_SECRET!), pushEnabled: true };
  await sendDueReminders(db, settings, zonedInstant(dateInTimeZone(new Date(), zone), '09:15', zone));
  expect(await pushesTo(device)).toEqual([{ title: pt(REMINDER_TITLE), body: pt(REMINDER_BODY), url: '/' }]);
  const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'reminder'), eq(mailOutbox.recipient, world.asker.email)));
  expect(mail!.subject).toBe(pt(REMINDER_TITLE));
  expect(pt(REMINDER_TITLE)).not.toBe(REMINDER_TITLE);
});
