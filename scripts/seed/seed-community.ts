import { addDays, daysInMonth, type IsoDate, isoDate, parseIsoDate, shiftMonth, type YearMonth, zonedInstant } from '@shared/domain/calendar';
import { APPLICATION_NOTIFICATION_TITLE, type DayStatus, type Role } from '@shared/domain/constants';
import { DAILY_TARGET_KEYS, DEFAULT_DISCIPLINES, FIXED_APPLICATION_TARGETS, FIXED_TARGET_VALUES, MONTHLY_GOAL_KEYS } from '@shared/domain/disciplines';
import type { GuidanceSection } from '@shared/contracts/guidance';
import { memberApplications } from '@shared/schema/applications';
import { users } from '@shared/schema/auth';
import { communities, guidancePanels, institutions, memberships, subgroups } from '@shared/schema/communities';
import { meetings } from '@shared/schema/meetings';
import { notifications } from '@shared/schema/notifications';
import { questions } from '@shared/schema/questions';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import { hashPassword } from '../../server/auth/passwords';
import type { Database } from '../../server/db/client';
import { logContent } from '../../server/features/tracking/daily-logs';

/**
 * Fills one community in bulk (multi-row INSERTs, no HTTP): a moderator, commanders each leading a
 * subgroup, members spread over the subgroups, months of daily logs written as the server writes them
 * (with their month summaries), and questions, meetings and notifications. `npm run seed:demo` and
 * `npm run bench` both use it. Every account shares one password (hashed once) and has a proven e-mail.
 */
export interface SeedOptions {
  name: string;
  /** Accounts are <local>@<emailDomain>. */
  emailDomain: string;
  password: string;
  members: number;
  subgroups: number;
  /** Months of history up to and including `today`'s month. */
  months: number;
  today: IsoDate;
  timeZone?: string;
  /** A fixed seed gives the same history every run. */
  seed?: number;
  /** The moderator's name: none of the generated ones (they are first and last names from two lists). */
  moderatorName?: string;
  /**
   * Tell the product's story to someone trying it (npm run seed:demo): members join over the months and log
   * from the day they joined, getting steadier; everyone has monthly targets; the community has guidance,
   * questions of many kinds (some answered, some waiting), meetings with notes, and two applications to review.
   * Off for the benchmark, where everyone was there from the first day and logged every month.
   */
  story?: boolean;
  /**
   * How many members are in a subgroup: the first `inSubgroups`, spread over the subgroups; the rest in none yet
   * (a congregation forming its first subgroup: `npm run bench`'s first layout). All of them by default.
   */
  inSubgroups?: number;
  /**
   * False writes the logs in bulk without their month summaries, as an import or an older server left them:
   * the server summarises them when it starts (the benchmark measures what follows such a restart). True by default.
   */
  summarised?: boolean;
}

export interface SeededAccount {
  id: string;
  email: string;
  displayName: string;
}

export interface SeededCommunity {
  communityId: string;
  moderator: SeededAccount;
  commanders: SeededAccount[];
  members: SeededAccount[];
}

const BATCH = 1000;
const FIRST_NAMES = ['Ruth', 'Boaz', 'Naomi', 'Samuel', 'Hannah', 'David', 'Abigail', 'Micah', 'Esther', 'Silas', 'Lydia', 'Timothy', 'Priscilla', 'Aquila', 'Miriam', 'Caleb', 'Deborah', 'Joel', 'Phoebe', 'Titus'];
const LAST_NAMES = ['Okafor', 'Mensah', 'Haddad', 'Novak', 'Lindqvist', 'Moreau', 'Tanaka', 'Alvarez', 'Kowalski', 'Nakamura', 'Oduya', 'Brennan', 'Castillo', 'Ibrahim', 'Fischer', 'Kim', 'Osei', 'Rossi', 'Walsh', 'Yilmaz'];
/** Neither name is in the lists above, so the moderator shares a name with nobody. */
const MODERATOR_NAME = 'Grace Adeyemi';
const DAILY_KEYS = DEFAULT_DISCIPLINES.filter((d) => d.isDailyGrid).map((d) => d.key);

function random(seed: number) {
  let state = seed % 2 ** 31 || 1;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

const dayNumber = (date: IsoDate) => {
  const { year, month, day } = parseIsoDate(date);
  return Date.UTC(year, month - 1, day) / 86_400_000;
};
const daysBetween = (from: IsoDate, to: IsoDate) => dayNumber(to) - dayNumber(from);
const monthOf = (date: IsoDate): YearMonth => ({ year: parseIsoDate(date).year, month: parseIsoDate(date).month });
const monthsFrom = (first: YearMonth, last: YearMonth) => (last.year - first.year) * 12 + last.month - first.month;

/** A month of statuses for one member: most days kept, some missed, a few tired or sick; nothing before `from` or after `today`. */
function monthOfStatuses(next: () => number, keepRate: number, year: number, month: number, from: IsoDate, today: IsoDate) {
  const dayStatus: Record<string, Record<string, DayStatus>> = {};
  for (const key of DAILY_KEYS) {
    for (let day = 1; day <= daysInMonth(year, month); day++) {
      const date = isoDate(year, month, day);
      if (date > today) break;
      if (date < from) continue;
      const roll = next();
      const status: DayStatus | null = roll < keepRate ? (next() < 0.9 ? 'Yes' : 'Partially') : roll < keepRate + 0.05 ? (next() < 0.5 ? 'Sick' : 'FeelingTired') : roll < keepRate + 0.15 ? 'No' : null;
      if (status) (dayStatus[key] ??= {})[String(day)] = status;
    }
  }
  return dayStatus;
}

/** Daily targets a moderator might set, from light to demanding (free text, as the targets dialog takes them). */
const TARGET_PLANS: Record<(typeof DAILY_TARGET_KEYS)[number], string>[] = [
  { bibleReading: '1 chapter daily', fasting: 'until 12 noon, 1 day a week', morningIntimacy: '15 minutes', midnightPrayer: '15 minutes', meditation: '10 minutes' },
  { bibleReading: '2 chapters daily', fasting: 'until 12 noon, 2 days a week', morningIntimacy: '30 minutes', midnightPrayer: '30 minutes', meditation: '15 minutes' },
  { bibleReading: '3 chapters daily', fasting: 'until 3 pm, 2 days a week', morningIntimacy: '45 minutes', midnightPrayer: '1 hour', meditation: '20 minutes' },
  { bibleReading: '4 chapters daily', fasting: 'until 6 pm, 3 days a week', morningIntimacy: '1 hour', midnightPrayer: '1 hour', meditation: '30 minutes' },
];

const QUESTIONS = [
  {
    title: 'How do I keep a fast through a long workday?',
    body: 'I start well but by midday I struggle, especially in meetings over lunch. Any advice for keeping it through work?',
    answer: 'Plan your hardest hour around a short prayer, drink plenty of water, and tell one colleague you trust so lunch invitations are easier to decline.',
    tags: ['fasting'],
  },
  {
    title: 'Midnight prayer and an early shift',
    body: 'I start work at six. Is it all right to pray at 10 pm instead of midnight on weekdays?',
    answer: 'Yes: keep the hour you can keep faithfully. Mark it in your log as done; the point is the watch, not the clock.',
    tags: ['prayer'],
  },
  {
    title: 'Which reading plan for the New Testament?',
    body: 'I want to finish the New Testament this quarter. Should I read in order or follow a chronological plan?',
    answer: 'In order is simplest: about three chapters a day finishes it in three months. We can look at it together at our next meeting.',
    tags: ['bible-reading'],
  },
  {
    title: 'I missed a whole week while ill',
    body: 'I had the flu and logged nothing for a week. Should I mark those days as missed?',
    answer: "Mark them Sick: they neither break nor count against you. Welcome back, and don't rush to catch up.",
    tags: ['streaks'],
  },
  {
    title: 'Meditating without my mind wandering',
    body: 'Ten minutes feels very long and my thoughts drift constantly. How do you stay with one verse?',
    tags: ['meditation'],
  },
  {
    title: 'Ideas for the monthly prayer walk?',
    body: 'Our neighbourhood is mostly busy roads. Where do others in the group walk?',
    tags: ['prayer-walk'],
  },
  {
    title: 'Can my spouse join our subgroup?',
    body: 'My wife would like to join us. Does she need her own invitation code?',
    answer: 'She does: ask our moderator for a code, and once she has joined I will add her to our group.',
    tags: [],
  },
  {
    title: 'Feeling tired every morning',
    body: 'I keep marking Feeling Tired for morning intimacy. Should I move it to the evening for a while?',
    tags: ['morning'],
  },
];

const guidanceSections = (communityName: string): GuidanceSection[] => [
  { id: 'welcome', type: 'header', title: `Welcome to ${communityName}`, content: 'Walk steadily, one faithful day at a time.', color: 'blue', alignment: 'center', backgroundColor: 'none', headerSize: 'large', textStyle: 'normal' },
  { id: 'this-month', type: 'text', title: 'This month', content: 'We read the Gospel of John together, a chapter a day. Bring your questions to your commander on Sunday.', color: 'black', alignment: 'left', backgroundColor: 'light-gray', headerSize: 'medium', textStyle: 'normal' },
  { id: 'daily', type: 'list', title: 'Every day', content: 'Bible reading at your own pace\nMorning time with God before your phone\nA few minutes of silence to meditate', color: 'black', alignment: 'left', backgroundColor: 'none', headerSize: 'medium', textStyle: 'normal' },
  { id: 'grace', type: 'text', title: 'When you miss a day', content: 'Mark it honestly and start again tomorrow. Sick and tired days are part of the journey.', color: 'green', alignment: 'left', backgroundColor: 'none', headerSize: 'small', textStyle: 'italic' },
];

export async function seedCommunity(db: Database, options: SeedOptions): Promise<SeededCommunity> {
  const next = random(options.seed ?? 20261122);
  const timeZone = options.timeZone ?? 'UTC';
  const story = options.story ?? false;
  const summarised = options.summarised ?? true;
  const today = options.today;
  const current = parseIsoDate(today);
  const firstMonth = shiftMonth(current, -(options.months - 1));
  const historyStart = isoDate(firstMonth.year, firstMonth.month, 1);
  const at = (date: IsoDate, time = '10:00') => zonedInstant(date, time, timeZone);
  const passwordHash = await hashPassword(options.password);
  // Demo and benchmark addresses are nobody's: proven, so no account is asked to verify its e-mail.
  const account = (local: string, displayName: string, joined: IsoDate) => ({
    email: `${local}@${options.emailDomain}`,
    displayName,
    passwordHash,
    emailVerifiedAt: at(joined),
    createdAt: at(joined),
    updatedAt: at(joined),
  });
  // 400 distinct first-and-last pairs (display names are unique), then the same pairs numbered.
  const personName = (index: number) => {
    const first = index % FIRST_NAMES.length;
    const last = (first + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length;
    return `${FIRST_NAMES[first]} ${LAST_NAMES[last]}${index >= 400 ? ` ${Math.floor(index / 400) + 1}` : ''}`;
  };

  // When each person joined. The moderator founded the community on the first day of its history and the
  // commanders came in its first week. Members: on the first day too for the benchmark; in the story, over
  // the months (more early than late), the last about a week ago, so the newest have only days of history.
  const founded = historyStart;
  const commanderJoined = (i: number) => addDays(founded, Math.min(2 + i, 6));
  const span = Math.max(0, daysBetween(founded, today) - 7);
  const memberJoined = (i: number) => (story ? addDays(founded, 1 + Math.round(span * (i / Math.max(1, options.members - 1)) ** 1.5)) : founded);

  const [institution] = await db.insert(institutions).values({ name: options.name, createdAt: at(founded) }).returning({ id: institutions.id });
  const [community] = await db
    .insert(communities)
    .values({
      institutionId: institution!.id,
      name: options.name,
      description: story ? 'A demo community: three months of a congregation keeping its disciplines together.' : 'A community filled with sample members and history.',
      timeZone,
      theme: story ? 'general' : null,
      createdAt: at(founded),
      updatedAt: at(founded),
    })
    .returning({ id: communities.id });
  const communityId = community!.id;

  const [moderator] = await db
    .insert(users)
    .values(account('moderator', options.moderatorName ?? MODERATOR_NAME, founded))
    .returning({ id: users.id, email: users.email, displayName: users.displayName });
  // Named after the members' names (indices past the last member), so no commander shares a member's name.
  const commanderRows = await db
    .insert(users)
    .values(Array.from({ length: options.subgroups }, (_, i) => account(`commander${i + 1}`, personName(options.members + i), commanderJoined(i))))
    .returning({ id: users.id, email: users.email, displayName: users.displayName });
  const memberRows: SeededAccount[] = [];
  await insertInBatches(
    Array.from({ length: options.members }, (_, i) => account(`member${i + 1}`, personName(i), memberJoined(i))),
    async (batch) => memberRows.push(...((await db.insert(users).values(batch).returning({ id: users.id, email: users.email, displayName: users.displayName })) as SeededAccount[])),
  );

  const subgroupRows = await db
    .insert(subgroups)
    .values(commanderRows.map((commander, i) => ({ communityId, name: `Group ${i + 1}`, commanderId: commander.id, createdAt: at(commanderJoined(i)) })))
    .returning({ id: subgroups.id, commanderId: subgroups.commanderId });
  const inSubgroups = options.inSubgroups ?? options.members;
  /** The subgroup of the i-th member, or none for a member past `inSubgroups`. */
  const subgroupOf = (index: number) => (index < inSubgroups ? subgroupRows[index % subgroupRows.length]! : { id: null, commanderId: null });

  await db.insert(memberships).values({ userId: moderator!.id, communityId, roles: ['CommunityModerator'] as Role[], createdAt: at(founded) });
  await db
    .insert(memberships)
    .values(commanderRows.map((commander, i) => ({ userId: commander.id, communityId, roles: ['Commander'] as Role[], subgroupId: subgroupRows[i]!.id, createdAt: at(commanderJoined(i)) })));
  await insertInBatches(
    memberRows.map((member, i) => ({ userId: member.id, communityId, roles: ['Member'] as Role[], subgroupId: subgroupOf(i).id, createdAt: at(memberJoined(i), '19:30') })),
    (batch) => db.insert(memberships).values(batch),
  );

  // Daily logs: everyone, the moderator too, each with their own steadiness, from the month they joined.
  // In the story people grow steadier month by month.
  const loggers = [
    { person: moderator!, joined: founded, keepRate: 0.8 },
    ...commanderRows.map((person, i) => ({ person, joined: commanderJoined(i), keepRate: 0.65 + next() * 0.25 })),
    ...memberRows.map((person, i) => ({ person, joined: memberJoined(i), keepRate: 0.35 + next() * 0.55 })),
  ];
  const logRows = loggers.flatMap(({ person, joined, keepRate }) => {
    const first = monthOf(joined);
    return Array.from({ length: monthsFrom(first, current) + 1 }, (_, index) => {
      const { year, month } = shiftMonth(first, index);
      const rate = Math.min(0.97, keepRate + (story ? 0.05 * index : 0));
      const dayStatus = monthOfStatuses(next, rate, year, month, joined, today);
      // The monthly goals the owner ticked, for finished months (the retreat and the hour of silence most often).
      const finished = year * 12 + month < current.year * 12 + current.month;
      const monthlyCompletions = story && finished ? Object.fromEntries(MONTHLY_GOAL_KEYS.filter((key) => next() < (key in FIXED_TARGET_VALUES ? rate : rate / 2)).map((key) => [key, true])) : {};
      const updatedAt = at(year === current.year && month === current.month ? today : isoDate(year, month, daysInMonth(year, month)), '21:00');
      const content = logContent(dayStatus, { year, month }, DAILY_KEYS);
      // Unsummarised: the statuses alone, as a bulk load leaves them (the server's start-up summarises them).
      const written = summarised ? content : { dayStatus: content.dayStatus, entries: content.entries, completedCount: 0, dayMarks: null, disciplineDays: null };
      return { userId: person.id, communityId, year, month, ...written, monthlyCompletions, createdAt: at(joined > isoDate(year, month, 1) ? joined : isoDate(year, month, 1)), updatedAt };
    });
  });
  await insertInBatches(logRows, (batch) => db.insert(dailyLogs).values(batch));

  if (story) {
    // Monthly targets, set by the moderator for the month each person joined (they carry forward); those
    // with a few months behind them were given a step up this month.
    const targetRows = loggers.flatMap(({ person, joined }, i) => {
      const plan = i === 0 ? 2 : i % 3;
      const goals = Object.fromEntries(MONTHLY_GOAL_KEYS.map((key) => [key, key in FIXED_TARGET_VALUES || (i + key.length) % 3 === 0 ? 'Yes' : null]));
      const row = (period: YearMonth, level: number) => ({ userId: person.id, communityId, ...period, ...TARGET_PLANS[level]!, ...goals, createdAt: at(joined), updatedAt: at(joined) });
      const first = monthOf(joined);
      return monthsFrom(first, current) >= 2 && i % 2 === 0 ? [row(first, plan), row(current, plan + 1)] : [row(first, plan)];
    });
    await db.insert(userDisciplineTargets).values(targetRows);

    await db.insert(guidancePanels).values({
      communityId,
      sections: guidanceSections(options.name),
      contentMarkdown: '**Sunday:** subgroups meet after the service.\n\nQuestions are welcome any time: use *Ask your commander* on My Subgroup.',
      updatedByUserId: moderator!.id,
      updatedAt: at(addDays(founded, 1)),
    });

    // Two visitors who asked to join through the apply link, waiting for the moderator.
    const applied = [
      { name: 'Jonah Whitfield', email: 'jonah.whitfield@example.org', message: 'A friend from work told me about your group. I would love to grow in prayer with others.', days: 3 },
      { name: 'Elena Marchetti', email: 'elena.marchetti@example.org', message: 'We just moved to the area and are looking for a community.', days: 1 },
    ];
    await db.insert(memberApplications).values(
      applied.map(({ name, email, message, days }) => ({
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
      applied.map(({ name, days }) => ({
        toUserId: moderator!.id,
        communityId,
        type: 'other' as const,
        title: APPLICATION_NOTIFICATION_TITLE,
        message: `${name} asked to join ${options.name}. Review it under Administration > New Members.`,
        isRead: days > 2,
        createdAt: at(addDays(today, -days), '08:15'),
      })),
    );
  }

  // Questions to each member's commander (some answered), meetings (past and upcoming), notifications.
  const questionRows = memberRows.flatMap((member, i) => {
    // A member in no subgroup has no commander to ask.
    if (next() >= 0.5 || subgroupOf(i).id === null) return [];
    const asked = addDays(memberJoined(i), Math.min(10, Math.max(0, daysBetween(memberJoined(i), today) - 1)));
    if (!story) {
      return [
        {
          communityId,
          subgroupId: subgroupOf(i).id,
          fromUserId: member.id,
          fromUserName: member.displayName,
          toCommanderId: subgroupOf(i).commanderId,
          title: 'How do I keep a fast through a long workday?',
          body: 'I start well but by midday I struggle. Any advice for keeping it through work?',
          ...(i % 3 === 0 ? { status: 'Answered' as const, answer: 'Plan the hardest hour around prayer, and drink plenty of water.', answeredByUserId: subgroupOf(i).commanderId } : {}),
        },
      ];
    }
    const question = QUESTIONS[i % QUESTIONS.length]!;
    // The questions of the first weeks have been answered; the newest wait for their commander.
    const answered = question.answer !== undefined && daysBetween(asked, today) > 5;
    return [
      {
        communityId,
        subgroupId: subgroupOf(i).id,
        fromUserId: member.id,
        fromUserName: member.displayName,
        toCommanderId: subgroupOf(i).commanderId,
        title: question.title,
        body: question.body,
        tags: question.tags,
        priority: i % 5 === 0 ? ('High' as const) : ('Normal' as const),
        createdAt: at(asked, '20:10'),
        updatedAt: at(answered ? addDays(asked, 1) : asked, '20:10'),
        ...(answered ? { status: 'Answered' as const, answer: question.answer, answeredByUserId: subgroupOf(i).commanderId } : {}),
      },
    ];
  });
  await insertInBatches(questionRows, (batch) => db.insert(questions).values(batch));

  const meetingRows = memberRows.flatMap((member, i) => {
    if (i % 4 !== 0 || subgroupOf(i).id === null) return [];
    const upcoming = i % 8 === 0;
    const date = addDays(today, (upcoming ? 3 : -10) + (i % 5));
    // A past meeting is never before the member joined.
    if (!upcoming && date <= memberJoined(i)) return [];
    const startsAt = zonedInstant(date, '18:00', timeZone);
    return [
      {
        communityId,
        subgroupId: subgroupOf(i).id,
        memberId: member.id,
        commanderId: subgroupOf(i).commanderId!,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        location: 'https://meet.example.org/steadfast',
        notes: upcoming ? 'Check-in on the month so far.' : 'Talked through the fasting plan.',
        ...(story && !upcoming ? { outcome: 'Agreed to fast until noon on Wednesdays and review in a month.' } : {}),
        createdAt: at(addDays(date, -5)),
      },
    ];
  });
  await insertInBatches(meetingRows, (batch) => db.insert(meetings).values(batch));

  const notificationRows = questionRows.flatMap((question) => [
    { toUserId: question.toCommanderId!, fromUserId: question.fromUserId, communityId, type: 'question' as const, title: 'New question', message: `${question.fromUserName} asked: ${question.title}`, isRead: question.answer !== undefined || next() < 0.3 },
    ...(question.answer ? [{ toUserId: question.fromUserId, fromUserId: question.toCommanderId, communityId, type: 'question_answered' as const, title: 'Your question was answered', message: question.title, isRead: false }] : []),
  ]);
  await insertInBatches(notificationRows, (batch) => db.insert(notifications).values(batch));

  return { communityId, moderator: moderator as SeededAccount, commanders: commanderRows as SeededAccount[], members: memberRows };
}
