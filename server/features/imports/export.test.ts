import request from 'supertest';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { addMember, createCommunity } from '../../test/factories';

const { app } = await createTestApp();

describe('GET /api/export/csv', () => {
  it('gives an admin one row per member of the current community, with the targets in force', async () => {
    const community = await createCommunity(app);
    const member = await addMember(app, community);
    const other = await createCommunity(app);
    await addMember(app, other);
    const now = new Date();
    await community.owner.agent
      .post('/api/users/monthly-targets')
      .set('X-Community-Id', community.community.id)
      .send({ userId: member.user.id, month: now.getUTCMonth() + 1, year: now.getUTCFullYear() - 1, bibleReading: '=2 chapters', prayerWalk: true })
      .expect(200);

    const response = await community.owner.agent.get('/api/export/csv').set('X-Community-Id', community.community.id).expect(200);

    expect(response.body).toHaveLength(2);
    const row = response.body.find((r: { email: string }) => r.email === member.email);
    expect(row).toMatchObject({ displayName: member.user.displayName, role: 'Member', bibleReading: '=2 chapters', prayerWalk: 'Yes', fasting: null });
    const ownerRow = response.body.find((r: { email: string }) => r.email === community.owner.email);
    expect(ownerRow).toMatchObject({ role: 'CommunityModerator', bibleReading: null });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
  });

  it('answers 401 without a session, 403 to a Member and 404 to an admin of another community', async () => {
    const community = await createCommunity(app);
    const member = await addMember(app, community);
    const stranger = await createCommunity(app);

    expectJsonError(await request(app).get('/api/export/csv').set('X-Community-Id', community.community.id), 401);
    expectJsonError(await member.agent.get('/api/export/csv').set('X-Community-Id', community.community.id), 403);
    expectJsonError(await stranger.owner.agent.get('/api/export/csv').set('X-Community-Id', community.community.id), 404);
  });
});
