import { randomUUID } from 'node:crypto';
import { NOTIFICATION_LIST_LIMIT, type NotificationView, UNREAD_COUNT_HEADER } from '@shared/contracts/notifications';
import { notifications } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { NOTIFICATION_NOT_FOUND } from './service';

// The bell's count is true however many there are, older ones page back, and a community one has left is silent.

const testApp = await createTestApp(LIFTED_LIMITS);
const { app } = testApp;
const { db } = testApp.database;
const unreadOf = (response: { headers: Record<string, string> }) => Number(response.headers[UNREAD_COUNT_HEADER.toLowerCase()]);

describe('the unread count and older notifications', () => {
  const TOTAL = 111;
  let world: Awaited<ReturnType<typeof subgroupWorld>>;
  beforeAll(async () => {
    world = await subgroupWorld(app, db);
    const base = Date.UTC(2026, 0, 1);
    await db.insert(notifications).values(
      Array.from({ length: TOTAL }, (_, n) => ({
        toUserId: world.commander.user.id,
        fromUserId: world.asker.user.id,
        communityId: world.id,
        type: 'question' as const,
        title: 'New question',
        message: `Notice ${n}`,
        // Three share a timestamp: ties are broken by id, never skipped or repeated.
        createdAt: new Date(base + (n >= 60 && n < 63 ? 60 : n) * 1000),
      })),
    );
  });

  it('carries the true unread count in X-Unread-Count on 200 and on 304, beyond the length of the list', async () => {
    const first = await world.commander.agent.get('/api/notifications').expect(200);
    expect(first.body).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(unreadOf(first)).toBe(TOTAL);
    const unchanged = await world.commander.agent.get('/api/notifications').set('If-None-Match', first.headers.etag as string).expect(304);
    expect(unreadOf(unchanged)).toBe(TOTAL);
    await world.commander.agent.patch(`/api/notifications/${(first.body as NotificationView[])[0]!.id}/read`).expect(200);
    expect(unreadOf(await world.commander.agent.get('/api/notifications').expect(200))).toBe(TOTAL - 1);
  });

  it('pages back with ?before=<id>, each notification exactly once, newest first; a cursor not theirs is 404', async () => {
    const seen: NotificationView[] = [];
    let path = '/api/notifications';
    for (;;) {
      const page = (await world.commander.agent.get(path).expect(200)).body as NotificationView[];
      seen.push(...page);
      if (page.length < NOTIFICATION_LIST_LIMIT) break;
      path = `/api/notifications?before=${page.at(-1)!.id}`;
    }
    expect(new Set(seen.map((n) => n.id)).size).toBe(TOTAL);
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expectJsonError(await world.asker.agent.get(`/api/notifications?before=${seen[0]!.id}`), 404, NOTIFICATION_NOT_FOUND);
    expectJsonError(await world.commander.agent.get(`/api/notifications?before=${randomUUID()}`), 404, NOTIFICATION_NOT_FOUND);
    const malformed = await world.commander.agent.get('/api/notifications?before=nope');
    expectJsonError(malformed, 400);
    expect(malformed.body.fields).toEqual({ before: expect.any(String) });
  });
});

describe('a community one has left', () => {
  it('no longer shows its notifications, nor counts them unread', async () => {
    const stays = await subgroupWorld(app, db);
    const leaves = await subgroupWorld(app, db);
    // The asker of `leaves` also belongs to `stays`, and has one notification from each community.
    const code = (await stays.owner.agent.post(`/api/communities/${stays.id}/invite-codes`).expect(201)).body.inviteCode as string;
    await leaves.asker.agent.post('/api/communities/join').send({ inviteCode: code }).expect(200);
    await db.insert(notifications).values([
      { toUserId: leaves.asker.user.id, communityId: stays.id, type: 'answer', title: 'Stays', message: 'From the community they stay in' },
      { toUserId: leaves.asker.user.id, communityId: leaves.id, type: 'answer', title: 'Leaves', message: 'From the community they leave' },
      { toUserId: leaves.asker.user.id, communityId: null, type: 'other', title: 'Account', message: 'Of no community' },
    ]);
    const before = await leaves.asker.agent.get('/api/notifications').expect(200);
    expect((before.body as NotificationView[]).map((n) => n.title).sort()).toEqual(['Account', 'Leaves', 'Stays']);
    expect(unreadOf(before)).toBe(3);

    await leaves.asker.agent.post(`/api/communities/${leaves.id}/leave`).expect(200);
    const after = await leaves.asker.agent.get('/api/notifications').set('If-None-Match', before.headers.etag as string).expect(200);
    expect((after.body as NotificationView[]).map((n) => n.title).sort()).toEqual(['Account', 'Stays']);
    expect(unreadOf(after)).toBe(2);
  });
});
