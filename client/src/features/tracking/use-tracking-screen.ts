import { useEffect, useMemo, useRef, useState } from 'react';
import type { YearMonth } from '@shared/domain/calendar';
import { useMemberPages } from '@/features/communities/api';
import { msg, useT } from '@/i18n';
import { dailyDisciplines, useDailyLog, useShownDisciplines, useTrackingScope } from './api';
import { useToday } from './period';

/** The one notice that says why a screen cannot be changed; disabled controls point to it (aria-describedby). */
export const READ_ONLY_NOTICE_ID = 'tracking-read-only-notice';
export const NOT_A_MEMBER_TEXT = msg('You administer this community without being a member of it. Join with an invitation code to track your own disciplines here.');
export const LOCKED_MONTH_TEXT = msg("This month is locked by your community's admins, so it can no longer be changed.");

/**
 * What the dashboard and /tracking share: who is looking, which member and month they picked, the
 * community's daily disciplines, that member's month, and whether it may be changed. Another member's
 * month is read-only; a locked month is read-only for everyone but admins (SPEC.md section 6).
 */
export function useTrackingScreen() {
  const t = useT();
  const scope = useTrackingScope();
  // Which member (null is oneself, kept with the name the picker showed) and month the screen shows.
  const [picked, setPicked] = useState<{ id: string; displayName: string } | null>(null);
  const memberId = picked?.id ?? null;
  const now = useToday();
  const [period, setPeriod] = useState<YearMonth>({ year: now.year, month: now.month });
  // A page left open into a new month follows it, unless another month was picked on purpose.
  const shownMonth = useRef({ year: now.year, month: now.month });
  useEffect(() => {
    const before = shownMonth.current;
    if (before.year === now.year && before.month === now.month) return;
    setPeriod((current) => (current.year === before.year && current.month === before.month ? { year: now.year, month: now.month } : current));
    shownMonth.current = { year: now.year, month: now.month };
  }, [now]);
  const { communityId, user } = scope;

  // The pickers and the members card read the list a page at a time: a congregation's 2,000 names are
  // not what a member's first screen should wait for.
  const memberPages = useMemberPages(communityId ?? '', {}, communityId !== null);
  const loadedMembers = useMemo(() => memberPages.data?.pages.flatMap((page) => page.members), [memberPages.data]);
  const members = {
    data: loadedMembers,
    /** Everyone in the community, also those on pages not read yet. */
    total: memberPages.data?.pages[0]?.total ?? loadedMembers?.length ?? 0,
    isPending: memberPages.isPending,
    error: memberPages.error,
    refetch: memberPages.refetch,
    hasMore: memberPages.hasNextPage,
    loadingMore: memberPages.isFetchingNextPage,
    loadMore: () => void memberPages.fetchNextPage(),
  };
  const disciplines = useShownDisciplines(communityId);
  const log = useDailyLog(communityId, memberId, period);
  // Another member's disciplines kept in secret are not theirs to show this viewer (the server withheld them).
  const withheld = log.data?.withheldKeys;
  const daily = useMemo(() => dailyDisciplines(disciplines.data).filter((discipline) => !withheld?.includes(discipline.key)), [disciplines.data, withheld]);

  const self = { id: user?.id ?? '', displayName: user?.displayName ?? t('You') };
  const isSelf = memberId === null || memberId === self.id;
  const viewed = isSelf
    ? self
    : { id: memberId, displayName: picked?.displayName ?? t('this member') };

  const isCurrentMonth = period.year === now.year && period.month === now.month;
  const isFutureMonth = period.year * 12 + period.month > now.year * 12 + now.month;
  const isLocked = log.data?.isLocked === true;
  const lockedForMe = isLocked && !scope.isAdmin;
  const editable = isSelf && scope.isMember && !lockedForMe;

  return {
    ...scope,
    self,
    isSelf,
    viewed,
    /** Null for oneself: the daily-log call then names no userId. */
    viewedUserId: isSelf ? null : memberId,
    memberId,
    /** Shows a member's tracking (null: one's own). */
    pickMember: (member: { id: string; displayName: string } | null) => setPicked(member === null || member.id === self.id ? null : member),
    period,
    setPeriod,
    now,
    members,
    disciplines,
    daily,
    log,
    isCurrentMonth,
    isFutureMonth,
    isLocked,
    lockedForMe,
    editable,
    /**
     * Why one's own screen cannot be changed (a message, shown with t()), said once under the pickers (another
     * member's screen has its own notice, ViewingNotice).
     */
    readOnlyReason: !isSelf ? null : !scope.isMember ? NOT_A_MEMBER_TEXT : lockedForMe ? LOCKED_MONTH_TEXT : null,
  };
}

export type TrackingScreen = ReturnType<typeof useTrackingScreen>;
