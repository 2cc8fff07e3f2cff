import { addDays, daysInMonth, type IsoDate, isoDate, parseIsoDate, shiftMonth, zonedInstant } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { users } from '@shared/schema/auth';
import { communities, institutions, memberships, subgroups } from '@shared/schema/communities';
import { meetings } from '@shared/schema/meetings';
import { notifications } from '@shared/schema/notifications';
import { questions } from '@shared/schema/questions';
import { dailyLogs } from '@shared/schema/tracking';
import { hashPassword } from '../../server/auth/passwords';
import type { Database } from '../../server/db/client';
import { logContent } from '../../server/features/tracking/daily-logs';

/**
 * Fills one community in bulk (multi-row INSERTs, no HTTP): a moderator, commanders each leading a
 * subgroup, members spread over the subgroups, months of daily logs written as the server writes them
 * (with their month summaries), and questions, meetings and notifications. `npm run seed:demo` and
 * `npm run bench` both use it. Every account shares one password (hashed once).
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

function random(seed: number) {
  let state = seed % 2 ** 31 || 1;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** A month of statuses for one member: most days kept, some missed, a few tired or sick; nothing after today. */
function monthOfStatuses(next: () => number, keepRate: number, year: number, month: number, today: IsoDate) {
  const dayStatus: Record<string, Record<string, DayStatus>> = {};
  for (const discipline of DEFAULT_DISCIPLINES.filter((d) => d.isDailyGrid)) {
    for (let day = 1; day <= daysInMonth(year, month); day++) {
      if (isoDate(year, month, day) > today) break;
      const roll = next();
      const status: DayStatus | null = roll < keepRate ? (next() < 0.9 ? 'Yes' : 'Partially') : roll < keepRate + 0.05 ? (next() < 0.5 ? 'Sick' : 'FeelingTired') : roll < keepRate + 0.15 ? 'No' : null;
      if (status) (dayStatus[discipline.key] ??= {})[String(day)] = status;
    }
  }
  return dayStatus;
}

export async function seedCommunity(db: Database, options: SeedOptions): Promise<SeededCommunity> {
  const next = random(options.seed ?? 20261122);
  const timeZone = options.timeZone ?? 'UTC';
  const passwordHash = await hashPassword(options.password);
  const account = (local: string, displayName: string) => ({ email: `${local}@${options.emailDomain}`, displayName, passwordHash });
    // 400 distinct first-and-last pairs (display names are unique), then the same pairs numbered.
  const personName = (index: number) => {
    const first = index % FIRST_NAMES.length;
    const last = (first + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length;
    return `${FIRST_NAMES[first]} ${LAST_NAMES[last]}${index >= 400 ? ` ${Math.floor(index / 400) + 1}` : ''}`;
  };

  const [institution] = await db.insert(institutions).values({ name: options.name }).returning({ id: institutions.id });
  const [community] = await db
    .insert(communities)
    .values({ institutionId: institution!.id, name: options.name, description: 'A community filled with sample members and history.', timeZone })
    .returning({ id: communities.id });
  const communityId = community!.id;

  const [moderator] = await db.insert(users).values(account('moderator', 'Grace Moderator')).returning({ id: users.id, email: users.email, displayName: users.displayName });
  const commanderRows = await db
    .insert(users)
    .values(Array.from({ length: options.subgroups }, (_, i) => account(`commander${i + 1}`, `Commander ${personName(i + 7)}`)))
    .returning({ id: users.id, email: users.email, displayName: users.displayName });
  const memberRows: SeededAccount[] = [];
  await insertInBatches(
    Array.from({ length: options.members }, (_, i) => account(`member${i + 1}`, personName(i))),
    async (batch) => memberRows.push(...((await db.insert(users).values(batch).returning({ id: users.id, email: users.email, displayName: users.displayName })) as SeededAccount[])),
  );

  const subgroupRows = await db
    .insert(subgroups)
    .values(commanderRows.map((commander, i) => ({ communityId, name: `Group ${i + 1}`, commanderId: commander.id })))
    .returning({ id: subgroups.id, commanderId: subgroups.commanderId });
  const subgroupOf = (index: number) => subgroupRows[index % subgroupRows.length]!;

  await db.insert(memberships).values({ userId: moderator!.id, communityId, roles: ['CommunityModerator'] as Role[] });
  await db.insert(memberships).values(commanderRows.map((commander, i) => ({ userId: commander.id, communityId, roles: ['Commander'] as Role[], subgroupId: subgroupRows[i]!.id })));
  await insertInBatches(
    memberRows.map((member, i) => ({ userId: member.id, communityId, roles: ['Member'] as Role[], subgroupId: subgroupOf(i).id })),
    (batch) => db.insert(memberships).values(batch),
  );

  // Daily logs: every member and commander, each with their own steadiness.
  const today = options.today;
  const current = parseIsoDate(today);
  const dailyKeys = DEFAULT_DISCIPLINES.filter((d) => d.isDailyGrid).map((d) => d.key);
  const loggers = [...commanderRows, ...memberRows];
  const logRows = loggers.flatMap((person) => {
    const keepRate = 0.35 + next() * 0.6;
    return Array.from({ length: options.months }, (_, back) => {
      const { year, month } = shiftMonth(current, -back);
      const dayStatus = monthOfStatuses(next, keepRate, year, month, today);
      return { userId: person.id, communityId, year, month, ...logContent(dayStatus, { year, month }, dailyKeys) };
    });
  });
  await insertInBatches(logRows, (batch) => db.insert(dailyLogs).values(batch));

  // Questions to each member's commander (a third answered), meetings (past and upcoming), notifications.
  const questionRows = memberRows.flatMap((member, i) =>
    next() < 0.5
      ? [
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
        ]
      : [],
  );
  await insertInBatches(questionRows, (batch) => db.insert(questions).values(batch));

  const meetingRows = memberRows.flatMap((member, i) => {
    if (i % 4 !== 0) return [];
    const date = addDays(today, (i % 8 === 0 ? 3 : -10) + (i % 5));
    const startsAt = zonedInstant(date, '18:00', timeZone);
    return [{ communityId, subgroupId: subgroupOf(i).id, memberId: member.id, commanderId: subgroupOf(i).commanderId!, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), location: 'https://meet.example.org/steadfast', notes: 'Check-in on the month so far.' }];
  });
  await insertInBatches(meetingRows, (batch) => db.insert(meetings).values(batch));

  const notificationRows = questionRows.flatMap((question) => [
    { toUserId: question.toCommanderId!, fromUserId: question.fromUserId, communityId, type: 'question' as const, title: 'New question', message: `${question.fromUserName} asked: ${question.title}`, isRead: next() < 0.7 },
    ...(question.answer ? [{ toUserId: question.fromUserId, fromUserId: question.toCommanderId, communityId, type: 'question_answered' as const, title: 'Your question was answered', message: question.title, isRead: false }] : []),
  ]);
  await insertInBatches(notificationRows, (batch) => db.insert(notifications).values(batch));

  return { communityId, moderator: moderator as SeededAccount, commanders: commanderRows as SeededAccount[], members: memberRows };
}
