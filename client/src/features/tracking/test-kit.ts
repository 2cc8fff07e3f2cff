/**
 * Test helpers for the tracking screens: response bodies shaped by shared/contracts/tracking and a
 * small in-memory server (daily logs merge per cell like the real one) wired into mockApi.
 */
import { servesMembers } from '@/test/member-pages';
import type { NeedsAWordRow } from '@shared/contracts/care';
import type { CommunityMember, CommunityView } from '@shared/contracts/communities';
import type { GuidanceView } from '@shared/contracts/guidance';
import type { CalendarLockView, CommanderMemberStat, DailyLogView, DisciplineTargets, DisciplineView, MemberStreaksView, SubgroupMember } from '@shared/contracts/tracking';
import { type IsoDate, isoDate, monthKey, parseIsoDate, shiftMonth } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES, TARGET_KEYS } from '@shared/domain/disciplines';
import { anyDisciplineLookup, currentStreak, isCompleted, statusLookup } from '@shared/domain/streaks';
import { apiError, type Handler, json, type RecordedRequest } from '@/test/api-mock';
import { makeMembership, makeUser } from '@/test/fixtures';
import { referenceDate } from './period';

export const COMMUNITY_ID = 'c1000000-0000-4000-8000-000000000001';
export const SELF = makeUser();
export const OTHER: CommunityMember = makeMember({ id: 'a2000000-0000-4000-8000-000000000002', displayName: 'Boaz Bethlehem' });

/** The browser's "today" in these tests: Sunday, November 15, 2026, 10:00 local time. */
export const TODAY = new Date(2026, 10, 15, 10, 0, 0);
export const THIS_MONTH = { year: 2026, month: 11 } as const;

export function makeMember(overrides: Partial<CommunityMember> = {}): CommunityMember {
  return {
    id: SELF.id,
    displayName: SELF.displayName,
    email: null,
    role: 'Member',
    roles: ['Member'],
    rank: overrides.role ?? 'Member',
    subgroupId: null,
    isImported: false,
    offeredTo: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export function makeLog(overrides: Partial<DailyLogView> = {}): DailyLogView {
  return {
    userId: SELF.id,
    communityId: COMMUNITY_ID,
    month: THIS_MONTH.month,
    year: THIS_MONTH.year,
    entries: {},
    dayStatus: {},
    monthlyCompletions: {},
    isLocked: false,
    withheldKeys: [],
    updatedAt: null,
    ...overrides,
  };
}

export function makeTargets(overrides: Partial<DisciplineTargets> = {}): DisciplineTargets {
  return { userId: SELF.id, month: null, year: null, ...Object.fromEntries(TARGET_KEYS.map((key) => [key, null])), ...overrides } as DisciplineTargets;
}

export function makeLock(overrides: Partial<CalendarLockView> = {}): CalendarLockView {
  return {
    id: 'l3000000-0000-4000-8000-000000000001',
    communityId: COMMUNITY_ID,
    month: THIS_MONTH.month,
    year: THIS_MONTH.year,
    isLocked: true,
    lockedByUserId: SELF.id,
    lockedBy: 'Naomi Admin',
    lockedAt: '2026-11-02T09:00:00.000Z',
    reason: null,
    ...overrides,
  };
}

export function makeCommunity(overrides: Partial<CommunityView> = {}): CommunityView {
  return {
    id: COMMUNITY_ID,
    institutionId: 'i4000000-0000-4000-8000-000000000001',
    name: 'Grace Fellowship',
    description: null,
    isPrivate: true,
    isProgressLocked: false,
    timeZone: 'UTC',
    graceDays: false,
    quietDays: 4,
    theme: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A month of statuses: the given days of one discipline set to `status`. */
export function daysOf(key: string, days: readonly number[], status: DayStatus = 'Yes'): Record<string, Record<string, DayStatus>> {
  return { [key]: Object.fromEntries(days.map((day) => [String(day), status])) };
}

interface TrackingServerOptions {
  roles?: Role[];
  members?: CommunityMember[];
  /** Logs by `${userId}|YYYY-MM`; missing months answer an empty log. */
  logs?: Record<string, Partial<DailyLogView>>;
  /** Months locked for everyone, as 'YYYY-MM'. */
  lockedMonths?: string[];
  locks?: CalendarLockView[];
  targets?: Partial<DisciplineTargets>;
  community?: Partial<CommunityView>;
  subgroupMembers?: SubgroupMember[];
  memberStats?: CommanderMemberStat[];
  needsAWord?: NeedsAWordRow[];
  /** The community's disciplines (the defaults unless given). */
  disciplines?: DisciplineView[];
  /** Replaces the POST daily-log answer (e.g. a failure). */
  saveDailyLog?: Handler;
  /** The community's guidance as the server would answer it now (the default: nothing saved). */
  guidance?: () => GuidanceView;
}

export const logKey = (userId: string, year: number, month: number) => `${userId}|${monthKey(year, month)}`;

/**
 * The routes a tracking screen calls, for mockApi. Daily logs are kept in `logs` and POSTs merge into
 * them per discipline and day, as the server does.
 */
export function trackingServer(options: TrackingServerOptions = {}) {
  const roles = options.roles ?? ['Member'];
  const disciplines = options.disciplines ?? [...DEFAULT_DISCIPLINES];
  const members = options.members ?? [makeMember({ roles, role: roles[0] }), OTHER];
  const logs = new Map<string, DailyLogView>();
  const lockedMonths = new Set(options.lockedMonths ?? []);
  const logOf = (userId: string, year: number, month: number): DailyLogView => {
    const key = logKey(userId, year, month);
    const stored = logs.get(key) ?? makeLog({ userId, year, month, ...options.logs?.[key] });
    return { ...stored, isLocked: lockedMonths.has(monthKey(year, month)) };
  };

  // Nothing saved unless the test says so: the guidelines card shows the default guidance.
  const guidanceNow = options.guidance ?? ((): GuidanceView => ({ sections: [], contentMarkdown: '', updatedAt: null }));

  const routes: Record<string, Handler> = {
    'GET /api/user': () => json(SELF),
    'GET /api/memberships': () =>
      json([makeMembership({ communityId: COMMUNITY_ID, roles, role: roles[0], community: { id: COMMUNITY_ID, name: 'Grace Fellowship', description: null } })]),
    [`GET /api/communities/${COMMUNITY_ID}`]: () => json(makeCommunity(options.community)),
    [`GET /api/communities/${COMMUNITY_ID}/members`]: servesMembers(members),
    [`GET /api/communities/${COMMUNITY_ID}/discipline-templates`]: () => json(disciplines),
    [`GET /api/communities/${COMMUNITY_ID}/calendar-locks`]: () => json(options.locks ?? []),
    [`GET /api/communities/${COMMUNITY_ID}/guidance`]: () => json(guidanceNow()),
    [`GET /api/commanders/${SELF.id}/subgroup-members`]: () => json(options.subgroupMembers ?? []),
    [`GET /api/communities/${COMMUNITY_ID}/needs-a-word`]: () => json(options.needsAWord ?? []),
    [`POST /api/communities/${COMMUNITY_ID}/daily-log`]:
      options.saveDailyLog ??
      ((request: RecordedRequest) => {
        const body = request.body as { month: number; year: number; dayStatus: Record<string, Record<string, DayStatus>> };
        if (lockedMonths.has(monthKey(body.year, body.month)) && !roles.some((role) => role !== 'Member' && role !== 'Commander')) {
          return apiError(423, 'This month is locked.');
        }
        const log = logOf(SELF.id, body.year, body.month);
        const dayStatus = structuredClone(log.dayStatus);
        for (const [key, days] of Object.entries(body.dayStatus)) {
          const merged = { ...dayStatus[key] };
          for (const [day, status] of Object.entries(days)) {
            if (status === 'Blank') delete merged[day];
            else merged[day] = status;
          }
          dayStatus[key] = merged;
        }
        const entries = Object.fromEntries(
          Object.entries(dayStatus).map(([key, days]) => [
            key,
            { [monthKey(body.year, body.month)]: Object.fromEntries(Object.entries(days).map(([day, status]) => [day, isCompleted(status)])) },
          ]),
        );
        const saved = { ...log, dayStatus, entries, updatedAt: TODAY.toISOString() };
        logs.set(logKey(SELF.id, body.year, body.month), saved);
        return json(saved);
      }),
    'POST /api/users/monthly-completion-goals': (request) => {
      const body = request.body as { month: number; year: number } & Record<string, unknown>;
      const log = logOf(SELF.id, body.year, body.month);
      const { month: _month, year: _year, userId: _userId, ...goals } = body;
      const saved = { ...log, monthlyCompletions: goals as Record<string, boolean> };
      logs.set(logKey(SELF.id, body.year, body.month), saved);
      return json(saved);
    },
    'POST /api/users/monthly-targets': (request) => json({ ...makeTargets(), ...(request.body as object) }),
  };

  /** GET streaks as the server counts them: the shared currentStreak over the 13 months up to `asOf`. */
  const streaksOf = (userId: string, asOf: IsoDate): MemberStreaksView => {
    const { year, month } = parseIsoDate(asOf);
    const months = Array.from({ length: 13 }, (_, back) => shiftMonth({ year, month }, -back)).map((period) => logOf(userId, period.year, period.month));
    const graceDays = options.community?.graceDays ?? false;
    const daily = DEFAULT_DISCIPLINES.filter((discipline) => discipline.isDailyGrid);
    const lookups = daily.map((discipline) => statusLookup(months, discipline.key));
    return {
      userId,
      asOf,
      streaks: daily.map((discipline, i) => ({ key: discipline.key, label: discipline.label, ...currentStreak(lookups[i]!, asOf, { graceDays }) })),
      overall: currentStreak(anyDisciplineLookup(lookups), asOf, { graceDays }),
    };
  };

  // The dashboard's own data in one call, composed like the server's from what the separate calls answer.
  routes[`GET /api/communities/${COMMUNITY_ID}/dashboard`] = (request) => {
    const query = new URL(request.url, 'http://test').searchParams;
    const [year, month, date] = [Number(query.get('year')), Number(query.get('month')), query.get('date')!];
    return json({
      community: makeCommunity(options.community),
      disciplines,
      dailyLog: logOf(SELF.id, year, month),
      targets: makeTargets({ userId: SELF.id, ...options.targets }),
      streaks: streaksOf(SELF.id, date),
      guidance: guidanceNow(),
    });
  };

  // Every month a screen can show or a streak can reach: 14 months back to 2 ahead, for both members.
  for (let back = -2; back <= 14; back++) {
    const index = THIS_MONTH.year * 12 + THIS_MONTH.month - 1 - back;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    routes[`GET /api/communities/${COMMUNITY_ID}/daily-log?month=${month}&year=${year}`] = () => json(logOf(SELF.id, year, month));
    for (const member of members) {
      if (member.id === SELF.id) continue;
      routes[`GET /api/communities/${COMMUNITY_ID}/daily-log?month=${month}&year=${year}&userId=${member.id}`] = () => json(logOf(member.id, year, month));
    }
    for (const member of members) {
      routes[`GET /api/users/${member.id}/discipline-targets?month=${month}&year=${year}`] = () =>
        json(makeTargets({ userId: member.id, ...options.targets }));
    }
    routes[`GET /api/commanders/${SELF.id}/member-stats?month=${month}&year=${year}`] = () => json(options.memberStats ?? []);
    const asOf = referenceDate({ year, month }, isoDate(TODAY.getFullYear(), TODAY.getMonth() + 1, TODAY.getDate()));
    routes[`GET /api/communities/${COMMUNITY_ID}/streaks?date=${asOf}`] = () => json(streaksOf(SELF.id, asOf));
    for (const member of members) {
      if (member.id !== SELF.id) routes[`GET /api/communities/${COMMUNITY_ID}/streaks?date=${asOf}&userId=${member.id}`] = () => json(streaksOf(member.id, asOf));
    }
  }

  return { routes, logs };
}
