import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PublicUser } from '@shared/contracts/auth';
import type {
  CalendarLockView,
  CommanderMemberStat,
  DailyLogView,
  DisciplineTargets,
  DisciplineView,
  MonthlyTargetsBody,
} from '@shared/contracts/tracking';
import { monthKey, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import type { MonthlyGoalKey } from '@shared/domain/disciplines';
import { can } from '@shared/domain/roles';
import { isCompleted } from '@shared/domain/streaks';
import { toast } from '@/components/ui/use-toast';
import { i18n, useT } from '@/i18n';
import { ApiError, apiJson, errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useCurrentCommunity } from '@/features/communities/api';
import { USER_QUERY_KEY, useAuth } from '@/lib/auth';
import { isNetworkFailure, queueCheckIn } from './offline-check-ins';
import { monthLabel } from './period';
import { statusOf } from './status';
import { useLocale } from '@/i18n';
import { disciplineName } from '@/i18n/labels';

// ---------------------------------------------------------------- query keys

/**
 * Query keys. The leading string parts are the URL the default query function of lib/query-client
 * would GET; object parts (ignored by it) separate what the URL alone does not (month, community).
 * A daily log's `userId` is null for one's own log (the call then names no userId).
 */
export const trackingKeys = {
  disciplines: (communityId: string) => ['/api/communities', communityId, 'discipline-templates'] as const,
  dailyLogs: (communityId: string) => ['/api/communities', communityId, 'daily-log'] as const,
  dailyLog: (communityId: string, userId: string | null, { year, month }: YearMonth) =>
    ['/api/communities', communityId, 'daily-log', { userId, year, month }] as const,
  locks: (communityId: string) => ['/api/communities', communityId, 'calendar-locks'] as const,
  streaks: (communityId: string) => ['/api/communities', communityId, 'streaks'] as const,
  streaksOf: (communityId: string, userId: string | null, asOf: string) => ['/api/communities', communityId, 'streaks', { userId, asOf }] as const,
  targetsOf: (userId: string) => ['/api/users', userId, 'discipline-targets'] as const,
  targets: (communityId: string, userId: string, { year, month }: YearMonth) =>
    ['/api/users', userId, 'discipline-targets', { communityId, year, month }] as const,
  memberStats: (communityId: string, commanderId: string, { year, month }: YearMonth) =>
    ['/api/commanders', commanderId, 'member-stats', { communityId, year, month }] as const,
};

// ---------------------------------------------------------------- who is looking, where

/** The signed-in user, the membership of the community on screen and what it may do there. */
export function useTrackingScope() {
  const { user } = useAuth();
  const membership = useCurrentCommunity();
  return {
    user,
    membership,
    communityId: membership?.communityId ?? null,
    /** False for a SuperAdmin or InstitutionAdmin who administers the community without belonging to it: they keep no log there. */
    isMember: membership !== null && membership.id !== null,
    /** Admins edit a locked month (SPEC.md section 6). */
    isAdmin: can(membership, 'locks:override'),
    canEditTargets: can(membership, 'targets:edit'),
    canSeeSubgroupStats: can(membership, 'subgroup-stats:read'),
  };
}

// ---------------------------------------------------------------- community data

/** GET /api/communities/{id}/discipline-templates: the daily-grid disciplines in their order. */
export function useDisciplines(communityId: string | null) {
  return useQuery<DisciplineView[], Error, DisciplineView[]>({
    queryKey: trackingKeys.disciplines(communityId ?? ''),
    enabled: communityId !== null,
    select: (disciplines) => [...disciplines].sort((a, b) => a.order - b.order),
  });
}

/**
 * The disciplines as a reader sees them: built-in names in their language (disciplineName). Only for showing: what is
 * saved back (SecretDisciplinesCard) keeps the stored names of useDisciplines.
 */
export function useShownDisciplines(communityId: string | null) {
  const locale = useLocale();
  const disciplines = useDisciplines(communityId);
  const data = useMemo(
    () => disciplines.data?.map((discipline) => ({ ...discipline, label: disciplineName(discipline.label) })),
    [disciplines.data, locale],
  );
  return { ...disciplines, data } as typeof disciplines;
}

/** POST /api/communities/{id}/discipline-templates: the community's disciplines, replaced as a whole (the setup wizard). */
export function useSaveDisciplines(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<DisciplineView[], Error, DisciplineView[]>({
    mutationFn: (templates) => apiJson<DisciplineView[]>('POST', `/api/communities/${communityId}/discipline-templates`, { templates }),
    onSuccess: (saved) => queryClient.setQueryData(trackingKeys.disciplines(communityId), saved),
  });
}

export const dailyDisciplines = (disciplines: readonly DisciplineView[] | undefined) => (disciplines ?? []).filter((discipline) => discipline.isDailyGrid);

// ---------------------------------------------------------------- daily logs

async function fetchDailyLog(communityId: string, userId: string | null, { year, month }: YearMonth): Promise<DailyLogView> {
  const params = new URLSearchParams({ month: String(month), year: String(year) });
  if (userId) params.set('userId', userId);
  try {
    return await apiJson<DailyLogView>('GET', `/api/communities/${communityId}/daily-log?${params.toString()}`);
  } catch (error) {
    // SPEC.md section 7: the failure reads 'Failed to fetch daily log: {status}'.
    if (error instanceof ApiError) throw new Error(i18n.t('Failed to fetch daily log: {status}', { status: error.status }), { cause: error });
    // No answer at all (offline, or the server away): the app's own words, not the browser's 'Failed to fetch'.
    if (error instanceof TypeError) throw new Error(errorMessage(error, i18n.t('Failed to fetch daily log')), { cause: error });
    throw error;
  }
}

/** A member's month; `userId` null is one's own. */
export function dailyLogQuery(communityId: string | null, userId: string | null, period: YearMonth) {
  return queryOptions({
    queryKey: trackingKeys.dailyLog(communityId ?? '', userId, period),
    queryFn: () => fetchDailyLog(communityId!, userId, period),
    enabled: communityId !== null,
  });
}

export function useDailyLog(communityId: string | null, userId: string | null, period: YearMonth) {
  return useQuery(dailyLogQuery(communityId, userId, period));
}

export interface DayStatusChange extends YearMonth {
  /** The discipline's key. */
  key: string;
  day: number;
  status: DayStatus;
}

/**
 * The body of POST /api/communities/{id}/daily-log for one cell: only that cell in `dayStatus` (the
 * server merges per discipline and day; 'Blank' clears) and its derived `entries`.
 */
export function dayStatusBody(communityId: string, { year, month, key, day, status }: DayStatusChange) {
  return {
    communityId,
    month,
    year,
    entries: { [key]: { [monthKey(year, month)]: { [String(day)]: isCompleted(status) } } },
    dayStatus: { [key]: { [String(day)]: status } },
  };
}

function withStatus(log: DailyLogView, key: string, day: number, status: DayStatus): DailyLogView {
  const days = { ...log.dayStatus[key] };
  if (status === 'Blank') delete days[String(day)];
  else days[String(day)] = status;
  return { ...log, dayStatus: { ...log.dayStatus, [key]: days } };
}

class NoCommunityError extends Error {
  constructor() {
    super('No community selected');
  }
}

function toastNoCommunity() {
  toast({ title: i18n.t('No community selected'), description: i18n.t('Choose a community before saving your progress.'), variant: 'destructive' });
}

const SAVE_DAY_STATUS = ['save-day-status'] as const;

/** POST one cell of one's own log. */
export const sendDayStatus = (communityId: string, change: DayStatusChange) =>
  apiJson<DailyLogView>('POST', `/api/communities/${communityId}/daily-log`, dayStatusBody(communityId, change));

/**
 * Saves one cell of one's own log. The cache changes at once (optimistic) and the cell goes back if
 * the save is refused; the server's merged month replaces the cache once no other save is under way.
 * Without a network the check-in is kept on the device and sent later (offline-check-ins.ts): the cell
 * keeps its new status, marked as waiting to sync.
 */
export function useSaveDayStatus(communityId: string | null) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation<DailyLogView | 'queued', Error, DayStatusChange, { previous: DayStatus }>({
    mutationKey: SAVE_DAY_STATUS,
    // Runs offline too (React Query would otherwise hold it in memory only, lost on a reload).
    networkMode: 'always',
    mutationFn: async (change) => {
      if (!communityId) throw new NoCommunityError();
      const selfId = queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY)?.id ?? null;
      if (selfId && !navigator.onLine) {
        await queueCheckIn(selfId, communityId, change);
        return 'queued';
      }
      try {
        return await sendDayStatus(communityId, change);
      } catch (error) {
        if (!selfId || !isNetworkFailure(error)) throw error;
        await queueCheckIn(selfId, communityId, change);
        return 'queued';
      }
    },
    onMutate: async (change) => {
      if (!communityId) return { previous: change.status };
      const key = trackingKeys.dailyLog(communityId, null, change);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = statusOf(queryClient.getQueryData<DailyLogView>(key)?.dayStatus, change.key, change.day);
      queryClient.setQueryData<DailyLogView>(key, (log) => log && withStatus(log, change.key, change.day, change.status));
      return { previous };
    },
    onError: (error, change, context) => {
      if (error instanceof NoCommunityError || !communityId) {
        toastNoCommunity();
        return;
      }
      const key = trackingKeys.dailyLog(communityId, null, change);
      if (context) queryClient.setQueryData<DailyLogView>(key, (log) => log && withStatus(log, change.key, change.day, context.previous));
      toastError(t('Failed to Save Progress'), error);
      // 423: the month was locked meanwhile; fetch it again so the screen turns read-only.
      if (error instanceof ApiError && error.status === 423) void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (view, change) => {
      if (!communityId || view === 'queued') return;
      // The server's month is the truth; while another save is still out, its optimistic cell stays.
      if (queryClient.isMutating({ mutationKey: SAVE_DAY_STATUS }) <= 1) queryClient.setQueryData(trackingKeys.dailyLog(communityId, null, change), view);
      void queryClient.invalidateQueries({ queryKey: trackingKeys.streaks(communityId) });
    },
  });
}

export type CompletionGoals = Record<MonthlyGoalKey, boolean>;

/** POST /api/users/monthly-completion-goals: the owner's five monthly goals for a month. */
export function useSaveCompletionGoals(communityId: string | null, userId: string | null) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation<DailyLogView, Error, YearMonth & { goals: CompletionGoals }, { previous?: DailyLogView }>({
    mutationFn: ({ year, month, goals }) => {
      if (!communityId || !userId) throw new NoCommunityError();
      return apiJson<DailyLogView>('POST', '/api/users/monthly-completion-goals', { ...goals, month, year, userId });
    },
    onMutate: async (input) => {
      if (!communityId) return {};
      const key = trackingKeys.dailyLog(communityId, null, input);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DailyLogView>(key);
      queryClient.setQueryData<DailyLogView>(key, (log) => log && { ...log, monthlyCompletions: { ...log.monthlyCompletions, ...input.goals } });
      return { previous };
    },
    onError: (error, input, context) => {
      if (error instanceof NoCommunityError || !communityId) {
        toastNoCommunity();
        return;
      }
      if (context?.previous) queryClient.setQueryData(trackingKeys.dailyLog(communityId, null, input), context.previous);
      toastError(t('Failed to Save Goals'), error);
    },
    onSuccess: (view, input) => {
      if (communityId) queryClient.setQueryData(trackingKeys.dailyLog(communityId, null, input), view);
      toast({ title: t('Completion Goals Updated'), description: t('Your goals for {month} are saved.', { month: monthLabel(input.year, input.month) }), variant: 'success' });
    },
  });
}

// ---------------------------------------------------------------- targets

/** GET /api/users/{id}/discipline-targets?month&year: the targets in force that month. */
export function useDisciplineTargets(communityId: string | null, userId: string | null, period: YearMonth, enabled = true) {
  return useQuery<DisciplineTargets>({
    queryKey: trackingKeys.targets(communityId ?? '', userId ?? '', period),
    queryFn: () => apiJson<DisciplineTargets>('GET', `/api/users/${userId}/discipline-targets?month=${period.month}&year=${period.year}`),
    enabled: enabled && communityId !== null && userId !== null,
  });
}

/** POST /api/users/monthly-targets (admins) for a member and month. */
export function useSaveTargets(communityId: string | null) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation<DisciplineTargets, Error, MonthlyTargetsBody>({
    mutationFn: (body) => apiJson<DisciplineTargets>('POST', '/api/users/monthly-targets', body),
    onSuccess: (targets, body) => {
      // Targets carry forward to later months, so every cached month of this member is refetched.
      void queryClient.invalidateQueries({ queryKey: trackingKeys.targetsOf(body.userId) });
      if (communityId) queryClient.setQueryData(trackingKeys.targets(communityId, body.userId, body), targets);
      toast({ title: t('Targets Updated'), description: t('The monthly plan for {month} is saved.', { month: monthLabel(body.year, body.month) }), variant: 'success' });
    },
    onError: (error) => toastError(t('Failed to Update Targets'), error),
  });
}

// ---------------------------------------------------------------- calendar locks

export function useCalendarLocks(communityId: string | null) {
  return useQuery<CalendarLockView[]>({ queryKey: trackingKeys.locks(communityId ?? ''), enabled: communityId !== null });
}

function afterLockChange(queryClient: QueryClient, communityId: string) {
  void queryClient.invalidateQueries({ queryKey: trackingKeys.locks(communityId) });
  // Daily logs carry isLocked: every cached month of the community is fetched again.
  void queryClient.invalidateQueries({ queryKey: trackingKeys.dailyLogs(communityId) });
}

/** POST /api/communities/{id}/calendar-locks {month, year, isLocked: true, reason}. */
export function useLockMonth(communityId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation<CalendarLockView, Error, YearMonth & { reason: string | null }>({
    mutationFn: ({ month, year, reason }) =>
      apiJson<CalendarLockView>('POST', `/api/communities/${communityId}/calendar-locks`, { month, year, isLocked: true, reason }),
    onSuccess: (_lock, { year, month }) => {
      afterLockChange(queryClient, communityId);
      toast({ title: t('Calendar Lock Updated'), description: t('{month} is locked.', { month: monthLabel(year, month) }), variant: 'success' });
    },
    onError: (error) => toastError(t('Failed to Update Lock'), error),
  });
}

/** PATCH /api/communities/{id}/toggle-lock {lockId}: unlocks a locked month or locks it again. */
export function useToggleLock(communityId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation<CalendarLockView, Error, CalendarLockView>({
    mutationFn: (lock) => apiJson<CalendarLockView>('PATCH', `/api/communities/${communityId}/toggle-lock`, { lockId: lock.id }),
    onSuccess: (updated) => {
      afterLockChange(queryClient, communityId);
      const month = monthLabel(updated.year, updated.month);
      toast({ title: t('Calendar Lock Updated'), description: updated.isLocked ? t('{month} is locked.', { month }) : t('{month} is unlocked.', { month }), variant: 'success' });
    },
    // Unlocking is an update of the lock (it keeps its history); 'Failed to Remove Lock' belongs to the
    // DELETE call, which no button makes (SPEC.md section 6).
    onError: (error) => toastError(t('Failed to Update Lock'), error),
  });
}

// ---------------------------------------------------------------- commander statistics

/**
 * GET /api/commanders/{id}/member-stats?month&year: one row per member of the commander's subgroups
 * (none when nobody is in them). Commanders and admins only: never asked for a plain Member.
 */
export function useMemberStats(communityId: string | null, commanderId: string, period: YearMonth) {
  return useQuery<CommanderMemberStat[]>({
    queryKey: trackingKeys.memberStats(communityId ?? '', commanderId, period),
    queryFn: () => apiJson<CommanderMemberStat[]>('GET', `/api/commanders/${commanderId}/member-stats?month=${period.month}&year=${period.year}`),
    enabled: communityId !== null,
  });
}
