import { addDays, type IsoDate, parseIsoDate } from '@shared/domain/calendar';
import { APPLICATION_NOTIFICATION_TITLE } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES, FIXED_APPLICATION_TARGETS, FIXED_TARGET_VALUES, MONTHLY_GOAL_KEYS } from '@shared/domain/disciplines';
import { memberApplications } from '@shared/schema/applications';
import { guidancePanels } from '@shared/schema/communities';
import { meetings } from '@shared/schema/meetings';
import { notifications } from '@shared/schema/notifications';
import { questions } from '@shared/schema/questions';
import { disciplineTemplates, userDisciplineTargets } from '@shared/schema/tracking';
import type { Database } from '../../server/db/client';
import { when } from '../../server/features/meetings/service';
import { APPLICANTS, GUIDANCE_MARKDOWN, guidanceSections, NOTE_ANSWER, QUESTIONS, TARGET_PLANS } from './story-text';
import { seedCare } from './story-care';
import { seedHistoryOffer, seedOfficeHours, seedRecentActivity } from './story-admin';
import { dayOfEpoch, OFFICE, type SeededAccount, type StoryCast, weekday } from './story-cast';

/**
 * The demo's story (npm run seed:demo), on top of the people and logs seed-community.ts wrote: what a
 * moderator, a commander on a phone and a member see on their first visit. Everything happened before today
 * (today is the visitor's to log); only meetings still to come and an offer's expiry lie ahead.
 */
export async function seedStory(db: Database, cast: StoryCast, loggers: { person: SeededAccount; joined: IsoDate }[]): Promise<void> {
  const { communityId, at, today } = cast;
  const current = parseIsoDate(today);

  // The community keeps Fasting in secret: only the member, their commander and the admins see its days.
  await db.insert(disciplineTemplates).values(DEFAULT_DISCIPLINES.map((discipline) => ({ ...discipline, isPrivate: discipline.key === 'fasting', communityId })));

  // Monthly targets, set by the moderator for the month each person joined (they carry forward); those
  // with a few months behind them were given a step up this month.
  const monthsSince = (date: IsoDate) => (current.year - parseIsoDate(date).year) * 12 + current.month - parseIsoDate(date).month;
  await db.insert(userDisciplineTargets).values(
    loggers.flatMap(({ person, joined }, i) => {
      const plan = i === 0 ? 2 : i % 3;
      const goals = Object.fromEntries(MONTHLY_GOAL_KEYS.map((key) => [key, key in FIXED_TARGET_VALUES || (i + key.length) % 3 === 0 ? 'Yes' : null]));
      const row = (period: { year: number; month: number }, level: number) => ({ userId: person.id, communityId, ...period, ...TARGET_PLANS[level]!, ...goals, createdAt: at(joined), updatedAt: at(joined) });
      const first = { year: parseIsoDate(joined).year, month: parseIsoDate(joined).month };
      return monthsSince(joined) >= 2 && i % 2 === 0 ? [row(first, plan), row(current, plan + 1)] : [row(first, plan)];
    }),
  );

  await db.insert(guidancePanels).values({
    communityId,
    sections: guidanceSections(cast.communityName),
    contentMarkdown: GUIDANCE_MARKDOWN,
    updatedByUserId: cast.moderator.id,
    updatedAt: at(addDays(cast.founded, 1)),
  });

  await db.insert(memberApplications).values(
    APPLICANTS.map(({ name, email, message, days }) => ({
      communityId,
      name,
      email,
      message,
      disciplineTargets: { bibleReading: '1 chapter daily', morningIntimacy: '20 minutes', ...FIXED_APPLICATION_TARGETS },
      createdAt: at(addDays(today, -days), '08:15'),
      updatedAt: at(addDays(today, -days), '08:15'),
    })),
  );
  await db.insert(notifications).values(
    APPLICANTS.map(({ name, days }) => ({
      toUserId: cast.moderator.id,
      communityId,
      type: 'other' as const,
      title: APPLICATION_NOTIFICATION_TITLE,
      message: `${name} asked to join ${cast.communityName}. Review it under Administration > New Members.`,
      isRead: days > 2,
      createdAt: at(addDays(today, -days), '08:15'),
    })),
  );

  await seedQuestions(db, cast);
  await seedMeetings(db, cast);
  await seedOfficeHours(db, cast);
  await seedCare(db, cast);
  await seedHistoryOffer(db, cast);
  await seedRecentActivity(db, cast, loggers);
}

const leaderOf = (cast: StoryCast, memberIndex: number) => cast.subgroups[memberIndex % cast.subgroups.length]!;

/** Questions to each member's leader: the first weeks' answered, the newest waiting. */
async function seedQuestions(db: Database, cast: StoryCast) {
  const { at, today } = cast;
  const rows = cast.members.flatMap(({ account, joined }, i) => {
    if (cast.next() >= 0.5) return [];
    const subgroup = leaderOf(cast, i);
    const asked = addDays(joined, Math.min(10, Math.max(0, dayOfEpoch(today) - dayOfEpoch(joined) - 1)));
    const question = QUESTIONS[i % QUESTIONS.length]!;
    const answered = question.answer !== undefined && dayOfEpoch(today) - dayOfEpoch(asked) > 5;
    return [
      {
        communityId: cast.communityId,
        subgroupId: subgroup.id,
        fromUserId: account.id,
        fromUserName: account.displayName,
        toCommanderId: subgroup.leader.id,
        title: question.title,
        body: question.body,
        tags: question.tags,
        priority: i % 5 === 0 ? ('High' as const) : ('Normal' as const),
        createdAt: at(asked, '20:10'),
        updatedAt: at(answered ? addDays(asked, 1) : asked, '20:10'),
        ...(answered ? { status: 'Answered' as const, answer: question.answer, answeredByUserId: subgroup.leader.id } : {}),
      },
    ];
  });
  await db.insert(questions).values(rows);
  await db.insert(notifications).values(
    rows.flatMap((question) => [
      { toUserId: question.toCommanderId, fromUserId: question.fromUserId, communityId: cast.communityId, type: 'question' as const, title: 'New question', message: `${question.fromUserName} asked: ${question.title}`, isRead: question.answer !== undefined || cast.next() < 0.3, createdAt: question.createdAt },
      ...(question.answer ? [{ toUserId: question.fromUserId, fromUserId: question.toCommanderId, communityId: cast.communityId, type: 'question_answered' as const, title: 'Your question was answered', message: question.title, isRead: false, createdAt: question.updatedAt }] : []),
    ]),
  );
}

/** The first day on or after `from` that is one of `days`. */
const officeDay = (from: IsoDate, days: number[]) => {
  let date = from;
  while (!days.includes(weekday(date))) date = addDays(date, 1);
  return date;
};

/**
 * Meetings in office hours: with each subgroup's first member a past one with its outcome, with the one whose
 * month fell a check-in to come; Ruth's meeting from her answer to a note, moved once; one a member cancelled.
 */
async function seedMeetings(db: Database, cast: StoryCast): Promise<void> {
  const { at, today, timeZone } = cast;
  const yesterday = addDays(today, -1);
  const count = cast.subgroups.length;
  const row = (memberIndex: number, date: IsoDate, time: string, extra: Partial<typeof meetings.$inferInsert> & { createdOn: IsoDate }) => {
    const subgroup = leaderOf(cast, memberIndex);
    const startsAt = at(date, time);
    const { createdOn, ...rest } = extra;
    return {
      communityId: cast.communityId,
      subgroupId: subgroup.id,
      memberId: cast.members[memberIndex]!.account.id,
      commanderId: subgroup.leader.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      location: 'https://meet.example.org/steadfast',
      createdAt: at(createdOn, '12:00'),
      ...rest,
    };
  };
  const rows = cast.subgroups.flatMap((_, s) => {
    const office = OFFICE[s]!;
    const past = officeDay(addDays(today, -14), office.days);
    return [
      row(s, past, office.from, { createdOn: addDays(past, -5), notes: 'Talked through the fasting plan.', outcome: 'Agreed to fast until noon on Wednesdays and review in a month.' }),
      row(3 * count + s, officeDay(addDays(today, 2), office.days), office.from, { createdOn: addDays(yesterday, -s), notes: 'Check-in on the month so far.' }),
    ];
  });
  await db.insert(meetings).values(rows);
  const office = OFFICE[0]!;
  const ruth = cast.members[0]!.account;
  const leader = cast.subgroups[0]!.leader;
  const canceller = cast.members[4 * count]!.account;
  // Ruth answered her leader's note (seedCare) the next morning with a question, which became a meeting, since moved.
  const [answer] = await db.insert(questions).values(noteAnswer(cast, addDays(today, -8))).returning({ id: questions.id, title: questions.title, createdAt: questions.createdAt });
  const [moved] = await db
    .insert(meetings)
    .values(row(0, officeDay(addDays(today, 4), office.days), '19:00', { createdOn: addDays(today, -7), questionId: answer!.id, notes: 'A fasting plan that fits her shifts.', sequence: 1 }))
    .returning({ id: meetings.id, startsAt: meetings.startsAt });
  const [cancelled] = await db
    .insert(meetings)
    .values(row(4 * count, officeDay(addDays(today, 1), office.days), '19:00', { createdOn: addDays(today, -6), notes: 'Talk about the prayer walk.', sequence: 1, cancelledAt: at(yesterday, '08:30'), cancelledBy: canceller.id }))
    .returning({ id: meetings.id, startsAt: meetings.startsAt });
  const message = (type: 'meeting' | 'question', toUserId: string, fromUserId: string, title: string, text: string, on: Date, isRead: boolean, meetingId?: string) =>
    ({ toUserId, fromUserId, communityId: cast.communityId, type, title, message: text, meetingId, isRead, createdAt: on });
  await db.insert(notifications).values([
    message('question', leader.id, ruth.id, 'New question', `${ruth.displayName} asked: ${answer!.title}`, answer!.createdAt, true),
    message('meeting', ruth.id, leader.id, 'Meeting scheduled', `${leader.displayName} scheduled a meeting on ${when(moved!.startsAt, timeZone)}.`, at(addDays(today, -7), '12:00'), true, moved!.id),
    message('meeting', ruth.id, leader.id, 'Meeting rescheduled', `${leader.displayName} moved your meeting to ${when(moved!.startsAt, timeZone)}.`, at(yesterday, '17:00'), false, moved!.id),
    message('meeting', leader.id, canceller.id, 'Meeting cancelled', `${canceller.displayName} cancelled your meeting on ${when(cancelled!.startsAt, timeZone)}.`, at(yesterday, '08:30'), false, cancelled!.id),
  ]);
}

/** Ruth's answer to her leader's note: a question, which became a meeting. */
const noteAnswer = (cast: StoryCast, askedOn: IsoDate) => {
  const ruth = cast.members[0]!.account;
  const subgroup = cast.subgroups[0]!;
  return {
    communityId: cast.communityId,
    subgroupId: subgroup.id,
    fromUserId: ruth.id,
    fromUserName: ruth.displayName,
    toCommanderId: subgroup.leader.id,
    ...NOTE_ANSWER,
    status: 'Meeting Scheduled' as const,
    createdAt: cast.at(askedOn, '07:40'),
    updatedAt: cast.at(addDays(askedOn, 1), '12:00'),
  };
};
