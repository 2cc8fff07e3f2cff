import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type express from 'express';
import { memberApplications } from '@shared/schema/applications';
import { users } from '@shared/schema/auth';
import { careReachOuts, reflections } from '@shared/schema/care';
import { historyOffers } from '@shared/schema/history-offers';
import { commanderAvailability, meetings } from '@shared/schema/meetings';
import { notificationPreferences, notifications, pushSubscriptions } from '@shared/schema/notifications';
import { userDisciplineTargets } from '@shared/schema/tracking';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/client';
import { subgroupWorld } from '../questions/questions-test-kit';
import { days, mark } from '../tracking/tracking-test-kit';

/** Shared set-up for the export and deletion tests (not a test file itself). */

const DAY = 24 * 60 * 60_000;

/**
 * `me` (the subgroup's `asker`, e-mail proven) with one of everything Steadfast keeps about a person, each
 * carrying a word of `mine` (`mine.<what>`); and beside it things others wrote to others, each carrying a word
 * of `others`, that must never reach `me`'s export.
 */
export async function memberWithOneOfEach(app: express.Express, db: Database) {
  const world = await subgroupWorld(app, db);
  const { asker: me, commander, neighbour, owner } = world;
  const communityId = world.id;
  const tag = randomUUID().slice(0, 8);
  const word = (what: string) => `${what}-${tag}`;
  const mine = {
    question: word('mine-question'),
    answer: word('mine-answer'),
    answeredQuestion: word('mine-answered-question'),
    meetingNotes: word('mine-meeting-notes'),
    reflection: word('mine-reflection'),
    reflectionReply: word('mine-reflection-reply'),
    replyWritten: word('mine-reply-written'),
    note: word('mine-note'),
    applicationMessage: word('mine-application'),
    device: word('mine-device'),
    targetText: word('mine-target'),
  };
  const others = {
    question: word('others-question'),
    answer: word('others-answer'),
    reflection: word('others-reflection'),
    note: word('others-note'),
    application: word('others-application'),
  };
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.user.id));
  const inCommunity = <T extends { set: (name: string, value: string) => T }>(call: T) => call.set('X-Community-Id', communityId);
  const at = new Date(Date.now() - 2 * DAY);
  const [year, month] = [at.getUTCFullYear(), at.getUTCMonth() + 1];

  await mark(me.agent, communityId, year, month, { bibleReading: days('Yes', 1, 2) });
  await db.insert(userDisciplineTargets).values({ userId: me.user.id, communityId, year, month, bibleReading: mine.targetText });

  const asked = (await inCommunity(me.agent.post('/api/questions')).send({ title: mine.question, body: mine.question, priority: 'Normal' }).expect(201)).body as { id: string };
  await inCommunity(commander.agent.patch(`/api/questions/${asked.id}`)).send({ status: 'Answered', answer: mine.answer }).expect(200);
  const neighbours = (await inCommunity(neighbour.agent.post('/api/questions')).send({ title: others.question, body: others.question, priority: 'Normal' }).expect(201)).body as { id: string };
  await inCommunity(commander.agent.patch(`/api/questions/${neighbours.id}`)).send({ status: 'Answered', answer: others.answer }).expect(200);

  const startsAt = new Date(Date.now() + 3 * DAY);
  await db.insert(meetings).values({ communityId, subgroupId: world.subgroupId, memberId: me.user.id, commanderId: commander.user.id, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), notes: mine.meetingNotes });
  await db.insert(commanderAvailability).values({ commanderId: commander.user.id, communityId, dayOfWeek: 2, startTime: '18:00', endTime: '20:00' });

  await db.insert(reflections).values([
    { communityId, userId: me.user.id, year, month, helped: mine.reflection, reply: mine.reflectionReply, acknowledgedAt: new Date(), acknowledgedBy: commander.user.id },
    { communityId, userId: neighbour.user.id, year, month, helped: others.reflection },
  ]);
  await db.insert(notifications).values([
    { toUserId: me.user.id, fromUserId: commander.user.id, communityId, type: 'care_note', title: 'A note from your commander', message: mine.note },
    { toUserId: neighbour.user.id, fromUserId: commander.user.id, communityId, type: 'care_note', title: 'A note from your commander', message: others.note },
  ]);
  await db.insert(careReachOuts).values({ communityId, memberId: me.user.id, reachedBy: commander.user.id, reachedAt: new Date(), reachedOn: at.toISOString().slice(0, 10) });
  await db.insert(notificationPreferences).values({ userId: me.user.id, dailyReminder: true, reminderTime: '07:30', timeZone: 'America/Chicago' });

  const [session] = rowsOf<{ sid: string }>(await db.execute(sql`SELECT sid FROM session WHERE sess->'passport'->'user'->>'id' = ${me.user.id} LIMIT 1`));
  await db.insert(pushSubscriptions).values({ userId: me.user.id, endpoint: `https://push.example.test/${tag}`, p256dhKey: 'p256dh', authKey: 'auth', sessionId: session!.sid, device: mine.device });

  await db.insert(memberApplications).values([
    { communityId, name: me.user.displayName, email: me.email, message: mine.applicationMessage },
    { communityId, name: 'Someone Else', email: `someone-${tag}@example.org`, message: others.application },
  ]);
  const [record] = await db.insert(users).values({ displayName: `Imported ${tag}`, isImported: true, importedCommunityId: communityId }).returning({ id: users.id });
  await db.insert(historyOffers).values({ communityId, importedUserId: record!.id, userId: me.user.id, offeredBy: owner.user.id, months: 2, days: 9, expiresAt: new Date(Date.now() + 30 * DAY) });

  return { ...world, me, communityId, mine, others, year, month, askedId: asked.id, neighboursQuestionId: neighbours.id, tag };
}

export type OneOfEach = Awaited<ReturnType<typeof memberWithOneOfEach>>;
