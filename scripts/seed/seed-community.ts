import { addDays, daysInMonth, type IsoDate, isoDate, parseIsoDate, shiftMonth, type YearMonth, zonedInstant } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES, FIXED_TARGET_VALUES, MONTHLY_GOAL_KEYS } from '@shared/domain/disciplines';
import { users } from '@shared/schema/auth';
import { communities, institutions, memberships, subgroups } from '@shared/schema/communities';
import { meetings } from '@shared/schema/meetings';
import { notifications } from '@shared/schema/notifications';
import { questions } from '@shared/schema/questions';
import { dailyLogs } from '@shared/schema/tracking';
import { hashPassword } from '../../server/auth/passwords';
import type { Database } from '../../server/db/client';
import { logContent } from '../../server/features/tracking/daily-logs';
import { dayOfEpoch, type SeededAccount, partOf, storyDays } from './story-cast';
import { seedStory } from './seed-story';
import { STORY_COMMANDERS, STORY_MEMBERS, STORY_MODERATOR, STORY_SUBGROUPS } from './story-text';

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

export type { SeededAccount };

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

const daysBetween = (from: IsoDate, to: IsoDate) => dayOfEpoch(to) - dayOfEpoch(from);
const monthOf = (date: IsoDate): YearMonth => ({ year: parseIsoDate(date).year, month: parseIsoDate(date).month });
const monthsFrom = (first: YearMonth, last: YearMonth) => (last.year - first.year) * 12 + last.month - first.month;

type DayShape = (date: IsoDate, keyIndex: number) => DayStatus | null;

/**
 * A month of statuses for one member, nothing before `from` or after `through`: as `shape` has them, else at
 * random (most days kept, some missed, a few tired or sick).
 */
function monthOfStatuses(next: () => number, keepRate: number, year: number, month: number, from: IsoDate, through: IsoDate, shape?: DayShape) {
  const dayStatus: Record<string, Record<string, DayStatus>> = {};
  DAILY_KEYS.forEach((key, keyIndex) => {
    for (let day = 1; day <= daysInMonth(year, month); day++) {
      const date = isoDate(year, month, day);
      if (date > through) break;
      if (date < from) continue;
      const roll = shape ? 0 : next();
      const status: DayStatus | null = shape
        ? shape(date, keyIndex)
        : roll < keepRate ? (next() < 0.9 ? 'Yes' : 'Partially') : roll < keepRate + 0.05 ? (next() < 0.5 ? 'Sick' : 'FeelingTired') : roll < keepRate + 0.15 ? 'No' : null;
      if (status) (dayStatus[key] ??= {})[String(day)] = status;
    }
  });
  return dayStatus;
}

export async function seedCommunity(db: Database, options: SeedOptions): Promise<SeededCommunity> {
  const next = random(options.seed ?? 20261122);
  const timeZone = options.timeZone ?? 'UTC';
  const story = options.story ?? false;
  const summarised = options.summarised ?? true;
  const today = options.today;
  // The story leaves today to whoever tries it: its history ends yesterday, and nothing in it happens later.
  const through = story ? addDays(today, -1) : today;
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
  // The story's people each have a first and a last name nobody else has. The benchmark's: 400 distinct
  // first-and-last pairs (display names are unique), then the same pairs numbered.
  const personName = (index: number) => {
    const first = index % FIRST_NAMES.length;
    const last = (first + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length;
    return `${FIRST_NAMES[first]} ${LAST_NAMES[last]}${index >= 400 ? ` ${Math.floor(index / 400) + 1}` : ''}`;
  };
  const memberName = (index: number) => (story ? STORY_MEMBERS[index] : undefined) ?? personName(index);
  // Named after the members' names (indices past the last member), so no commander shares a member's name.
  const commanderName = (index: number) => (story ? STORY_COMMANDERS[index] : undefined) ?? personName(options.members + index);

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
    .values(account('moderator', options.moderatorName ?? (story ? STORY_MODERATOR : MODERATOR_NAME), founded))
    .returning({ id: users.id, email: users.email, displayName: users.displayName });
  const commanderRows = await db
    .insert(users)
    .values(Array.from({ length: options.subgroups }, (_, i) => account(`commander${i + 1}`, commanderName(i), commanderJoined(i))))
    .returning({ id: users.id, email: users.email, displayName: users.displayName });
  const memberRows: SeededAccount[] = [];
  await insertInBatches(
    Array.from({ length: options.members }, (_, i) => account(`member${i + 1}`, memberName(i), memberJoined(i))),
    async (batch) => memberRows.push(...((await db.insert(users).values(batch).returning({ id: users.id, email: users.email, displayName: users.displayName })) as SeededAccount[])),
  );

  // In the story the moderator leads a subgroup too (formed in the community's first week), after the commanders'.
  const leaders = [...commanderRows.map((commander, i) => ({ person: commander, formed: commanderJoined(i) })), ...(story ? [{ person: moderator!, formed: addDays(founded, 6) }] : [])];
  const subgroupRows = await db
    .insert(subgroups)
    .values(leaders.map(({ person, formed }, i) => ({ communityId, name: (story ? STORY_SUBGROUPS[i] : undefined) ?? `Group ${i + 1}`, commanderId: person.id, createdAt: at(formed) })))
    .returning({ id: subgroups.id, name: subgroups.name, commanderId: subgroups.commanderId });
  const inSubgroups = options.inSubgroups ?? options.members;
  /** The subgroup of the i-th member, or none for a member past `inSubgroups`. */
  const subgroupOf = (index: number) => (index < inSubgroups ? subgroupRows[index % subgroupRows.length]! : { id: null, commanderId: null });
  const ledBy = (personId: string) => subgroupRows.find((subgroup) => subgroup.commanderId === personId)?.id ?? null;

  await db.insert(memberships).values({ userId: moderator!.id, communityId, roles: ['CommunityModerator'] as Role[], subgroupId: ledBy(moderator!.id), createdAt: at(founded) });
  await db
    .insert(memberships)
    .values(commanderRows.map((commander, i) => ({ userId: commander.id, communityId, roles: ['Commander'] as Role[], subgroupId: subgroupRows[i]!.id, createdAt: at(commanderJoined(i)) })));
  await insertInBatches(
    memberRows.map((member, i) => ({ userId: member.id, communityId, roles: ['Member'] as Role[], subgroupId: subgroupOf(i).id, createdAt: at(memberJoined(i), '19:30') })),
    (batch) => db.insert(memberships).values(batch),
  );

  // Daily logs: everyone, the moderator too, each with their own steadiness, from the month they joined.
  // In the story people grow steadier month by month, and some members' days tell its parts (storyDays).
  const loggers = [
    { person: moderator!, joined: founded, keepRate: 0.8, shape: undefined },
    ...commanderRows.map((person, i) => ({ person, joined: commanderJoined(i), keepRate: 0.65 + next() * 0.25, shape: undefined })),
    ...memberRows.map((person, i) => ({ person, joined: memberJoined(i), keepRate: 0.35 + next() * 0.55, shape: story ? storyDays(partOf(i, leaders.length), today) : undefined })),
  ];
  const logRows = loggers.flatMap(({ person, joined, keepRate, shape }) => {
    const first = monthOf(joined);
    return Array.from({ length: monthsFrom(first, current) + 1 }, (_, index) => index).flatMap((index) => {
      const { year, month } = shiftMonth(first, index);
      const rate = Math.min(0.97, keepRate + (story ? 0.05 * index : 0));
      const firstDay = joined > isoDate(year, month, 1) ? joined : isoDate(year, month, 1);
      // Nothing to write for a month whose days are all still to come (the story's, on the 1st).
      if (firstDay > through) return [];
      const dayStatus = monthOfStatuses(next, rate, year, month, joined, through, shape);
      // The monthly goals the owner ticked, for finished months (the retreat and the hour of silence most often).
      const finished = year * 12 + month < current.year * 12 + current.month;
      const monthlyCompletions = story && finished ? Object.fromEntries(MONTHLY_GOAL_KEYS.filter((key) => next() < (key in FIXED_TARGET_VALUES ? rate : rate / 2)).map((key) => [key, true])) : {};
      const lastDay = isoDate(year, month, daysInMonth(year, month));
      const updatedAt = at(lastDay < through ? lastDay : through, '21:00');
      const content = logContent(dayStatus, { year, month }, DAILY_KEYS);
      // Unsummarised: the statuses alone, as a bulk load leaves them (the server's start-up summarises them).
      const written = summarised ? content : { dayStatus: content.dayStatus, entries: content.entries, completedCount: 0, dayMarks: null, disciplineDays: null };
      return [{ userId: person.id, communityId, year, month, ...written, monthlyCompletions, createdAt: at(firstDay, story ? '07:00' : '10:00'), updatedAt }];
    });
  });
  await insertInBatches(logRows, (batch) => db.insert(dailyLogs).values(batch));

  if (story) {
    await seedStory(
      db,
      {
        communityId,
        communityName: options.name,
        timeZone,
        today,
        founded,
        at,
        next,
        moderator: moderator as SeededAccount,
        subgroups: subgroupRows.map((subgroup, i) => ({ id: subgroup.id, name: subgroup.name, leader: leaders[i]!.person as SeededAccount, formed: leaders[i]!.formed })),
        commanders: commanderRows.map((commander, i) => ({ account: commander as SeededAccount, joined: commanderJoined(i) })),
        members: memberRows.map((member, i) => ({ account: member, joined: memberJoined(i) })),
      },
      loggers.map(({ person, joined }) => ({ person: person as SeededAccount, joined })),
    );
  } else {
    await seedActivity(db, { communityId, today, founded, timeZone, members: memberRows, subgroupOf, next });
  }
  return { communityId, moderator: moderator as SeededAccount, commanders: commanderRows as SeededAccount[], members: memberRows };
}

/** The benchmark's questions (some answered), meetings past and upcoming, and their notifications. */
async function seedActivity(
  db: Database,
  { communityId, today, founded, timeZone, members, subgroupOf, next }: { communityId: string; today: IsoDate; founded: IsoDate; timeZone: string; members: SeededAccount[]; subgroupOf: (index: number) => { id: string | null; commanderId: string | null }; next: () => number },
) {
  const questionRows = members.flatMap((member, i) => {
    // A member in no subgroup has no commander to ask.
    if (next() >= 0.5 || subgroupOf(i).id === null) return [];
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
  });
  await insertInBatches(questionRows, (batch) => db.insert(questions).values(batch));

  const meetingRows = members.flatMap((member, i) => {
    if (i % 4 !== 0 || subgroupOf(i).id === null) return [];
    const upcoming = i % 8 === 0;
    const date = addDays(today, (upcoming ? 3 : -10) + (i % 5));
    // A past meeting is never before the community began.
    if (!upcoming && date <= founded) return [];
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
      },
    ];
  });
  await insertInBatches(meetingRows, (batch) => db.insert(meetings).values(batch));

  const notificationRows = questionRows.flatMap((question) => [
    { toUserId: question.toCommanderId!, fromUserId: question.fromUserId, communityId, type: 'question' as const, title: 'New question', message: `${question.fromUserName} asked: ${question.title}`, isRead: question.answer !== undefined || next() < 0.3 },
    ...(question.answer ? [{ toUserId: question.fromUserId, fromUserId: question.toCommanderId, communityId, type: 'question_answered' as const, title: 'Your question was answered', message: question.title, isRead: false }] : []),
  ]);
  await insertInBatches(notificationRows, (batch) => db.insert(notifications).values(batch));
}
