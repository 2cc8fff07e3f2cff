import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { EXPORT_LIMIT_MESSAGE, EXPORTS_PER_HOUR } from './routes';
import { USER_EXPORT_FORMAT, type UserExport } from './user-export';
import { memberWithOneOfEach } from './your-data-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app } = testApp;
const { db } = testApp.database;

describe('GET /api/user/export', () => {
  it('downloads everything Steadfast holds about the caller, and nothing others wrote to others', async () => {
    const world = await memberWithOneOfEach(app, db);
    const response = await world.me.agent.get('/api/user/export').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="steadfast-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(response.text) as UserExport;
    const text = response.text;

    expect(data.format).toBe(USER_EXPORT_FORMAT);
    expect(data.profile).toMatchObject({ id: world.me.user.id, email: world.me.email, displayName: world.me.user.displayName, hasPassword: true });
    expect(data.memberships).toEqual([expect.objectContaining({ communityId: world.communityId, roles: ['Member'], subgroup: 'Alpha Group' })]);
    expect(data.dailyLogs).toEqual([expect.objectContaining({ communityId: world.communityId, year: world.year, month: world.month, dayStatus: { bibleReading: { 1: 'Yes', 2: 'Yes' } } })]);
    expect(data.targets).toEqual([expect.objectContaining({ bibleReading: world.mine.targetText })]);
    expect(data.questionsAsked).toEqual([expect.objectContaining({ title: world.mine.question, body: world.mine.question, answer: world.mine.answer, answeredBy: world.commander.user.displayName })]);
    expect(data.meetings).toEqual([expect.objectContaining({ you: 'member', with: world.commander.user.displayName, notes: world.mine.meetingNotes })]);
    expect(data.reflections).toEqual([expect.objectContaining({ helped: world.mine.reflection, reply: world.mine.reflectionReply, repliedBy: world.commander.user.displayName })]);
    expect(data.notesReceived).toEqual([expect.objectContaining({ note: world.mine.note, from: world.commander.user.displayName })]);
    expect(data.notifications.map((row) => row.message)).toContain(world.mine.note);
    expect(data.careReceived).toHaveLength(1);
    expect(data.notificationPreferences).toMatchObject({ dailyReminder: true, reminderTime: '07:30', timeZone: 'America/Chicago' });
    expect(data.pushDevices).toEqual([{ device: world.mine.device, createdAt: expect.any(String), lastUsedAt: null }]);
    expect(data.applications).toEqual([expect.objectContaining({ message: world.mine.applicationMessage, email: world.me.email })]);
    expect(data.historyOffers).toEqual([expect.objectContaining({ months: 2, days: 9, status: 'pending' })]);
    expect(data.audit.map((entry) => entry.action)).toContain('join');

    // Never a credential: no password hash, token, key or push endpoint.
    expect(text).not.toMatch(/\$argon2|password_?hash|p256dh|authKey|tokenHash|push\.example\.test/i);
    // Nothing another member wrote that was not addressed to the caller.
    for (const word of Object.values(world.others)) expect(text).not.toContain(word);
  });

  it("gives a commander the questions they answered and the replies they wrote: their own words, not the member's reflection", async () => {
    const world = await memberWithOneOfEach(app, db);
    const data = (await world.commander.agent.get('/api/user/export').expect(200)).body as UserExport;
    expect(data.questionsAnswered).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ askedBy: world.me.user.displayName, title: world.mine.question, answer: world.mine.answer }),
        expect.objectContaining({ askedBy: world.neighbour.user.displayName, answer: world.others.answer }),
      ]),
    );
    expect(data.reflectionRepliesWritten).toEqual([expect.objectContaining({ member: world.me.user.displayName, reply: world.mine.reflectionReply })]);
    expect(data.meetings).toEqual([expect.objectContaining({ you: 'commander', with: world.me.user.displayName })]);
    expect(data.officeHours).toEqual([expect.objectContaining({ dayOfWeek: 2, startTime: '18:00', endTime: '20:00' })]);
    const text = JSON.stringify(data);
    for (const word of [world.mine.reflection, world.others.reflection, world.mine.note, world.others.note, world.mine.applicationMessage]) expect(text).not.toContain(word);
  });

  it('needs a signed-in caller and answers 429 after five an hour', async () => {
    await request(app).get('/api/user/export').expect(401);
    const ruth = await signUp(app);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) await ruth.agent.get('/api/user/export').expect(200);
    const refused = await ruth.agent.get('/api/user/export').expect(429);
    expect(refused.body).toMatchObject({ message: EXPORT_LIMIT_MESSAGE, code: 'rate_limited' });
    // Another account is not held back by Ruth's downloads.
    await (await signUp(app)).agent.get('/api/user/export').expect(200);
  });

  it('leaves out applications under an e-mail the account never proved', async () => {
    const world = await memberWithOneOfEach(app, db);
    const stranger = await signUp(app);
    const data = (await stranger.agent.get('/api/user/export').expect(200)).body as UserExport;
    expect(data.applications).toEqual([]);
    expect(data.memberships).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(world.tag);
  });
});
