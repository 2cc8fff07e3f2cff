import request from 'supertest';
import { eq } from 'drizzle-orm';
import { users } from '@shared/schema/auth';
import { createTestApp } from '../../test/app';
import { addMember, createCommunity, signUp, TEST_PASSWORD, uniqueIdentity } from '../../test/factories';

/*
 * The language someone reads (issue 43 item 3, DECISIONS.md "Languages"): GET /api/user's `locale` is always the
 * effective one: their choice, else their first community's default, else the browser's Accept-Language, else en.
 */
const { app, database } = await createTestApp();
const { db } = database;

describe('the effective language', () => {
  it('is English for a browser that names none of ours, and the browser’s own language otherwise', async () => {
    const { agent, user } = await signUp(app);
    expect(user).toMatchObject({ locale: 'en', localeChosen: false });
    expect((await agent.get('/api/user').set('Accept-Language', 'fr-FR,fr;q=0.9').expect(200)).body.locale).toBe('en');
    expect((await agent.get('/api/user').set('Accept-Language', 'fr-FR,ko;q=0.8,en;q=0.5').expect(200)).body.locale).toBe('ko');
    expect((await agent.get('/api/user').set('Accept-Language', 'pt-PT').expect(200)).body.locale).toBe('pt-BR');
  });

  it('follows the community’s default over the browser, and the member’s choice over both', async () => {
    const { owner, community, joinCode } = await createCommunity(app);
    const member = await addMember(app, { joinCode });
    await owner.agent
      .put(`/api/communities/${community.id}`)
      .set('X-Community-Id', community.id)
      .send({ name: community.name, description: null, defaultLocale: 'es' })
      .expect(200)
      .expect((response) => expect(response.body.defaultLocale).toBe('es'));
    expect((await member.agent.get('/api/user').set('Accept-Language', 'ko').expect(200)).body).toMatchObject({ locale: 'es', localeChosen: false });

    const chosen = await member.agent.put('/api/user/locale').send({ locale: 'ko' }).expect(200);
    expect(chosen.body).toMatchObject({ id: member.user.id, locale: 'ko', localeChosen: true });
    expect((await member.agent.get('/api/user').set('Accept-Language', 'en').expect(200)).body).toMatchObject({ locale: 'ko', localeChosen: true });

    // Back to no default: each browser decides for members who never chose.
    await owner.agent.put(`/api/communities/${community.id}`).set('X-Community-Id', community.id).send({ name: community.name, description: null, defaultLocale: null }).expect(200);
    expect((await owner.agent.get('/api/user').set('Accept-Language', 'pt-BR').expect(200)).body.locale).toBe('pt-BR');
  });

  it('is set only to one of the four languages, with a message for the field, and only when signed in', async () => {
    const { agent } = await signUp(app);
    for (const locale of ['fr', 'EN', 'pt-br', '', null, 7, ['es'], 'es '.repeat(1000)]) {
      const refused = await agent.put('/api/user/locale').send({ locale }).expect(400);
      expect(refused.body.fields.locale).toBe('Language must be one of en, es, pt-BR or ko');
    }
    await agent.put('/api/user/locale').send({}).expect(400);
    expect((await agent.get('/api/user').expect(200)).body.localeChosen).toBe(false);
    await request(app).put('/api/user/locale').send({ locale: 'es' }).expect(401);
  });

  it('a community refuses an unknown default language and takes one at creation (the wizard’s first step)', async () => {
    const founder = await signUp(app, uniqueIdentity('founder'));
    const refused = await founder.agent.post('/api/communities').send({ name: 'Iglesia', defaultLocale: 'es-MX' }).expect(400);
    expect(refused.body.fields.defaultLocale).toBe('Language must be one of en, es, pt-BR or ko');
    const created = await founder.agent.post('/api/communities').send({ name: `Iglesia ${uniqueIdentity().displayName}`, defaultLocale: 'es' }).expect(201);
    expect(created.body.defaultLocale).toBe('es');
    expect((await founder.agent.get('/api/user').expect(200)).body.locale).toBe('es');
  });

  it('remembers the browser’s language at sign-up and sign-in, for what is sent when no page asks', async () => {
    const identity = uniqueIdentity();
    const agent = request.agent(app);
    const registered = await agent.post('/api/register').set('Accept-Language', 'ko-KR,ko;q=0.9').send({ ...identity, password: TEST_PASSWORD }).expect(201);
    expect(registered.body.locale).toBe('ko');
    const stored = async () => (await db.select({ browserLocale: users.browserLocale }).from(users).where(eq(users.id, registered.body.id)))[0]!.browserLocale;
    expect(await stored()).toBe('ko');
    // A later request, from a browser preferring English, still reads the language the account was made in.
    expect((await agent.get('/api/user').set('Accept-Language', 'en').expect(200)).body.locale).toBe('ko');

    await request(app).post('/api/login').set('Accept-Language', 'es-AR').send({ username: identity.email, password: TEST_PASSWORD }).expect(200);
    expect(await stored()).toBe('es');
    await request(app).post('/api/login').set('Accept-Language', 'de').send({ username: identity.email, password: TEST_PASSWORD }).expect(200);
    expect(await stored()).toBe('es');
  });
});
