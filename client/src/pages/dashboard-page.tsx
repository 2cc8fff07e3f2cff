import { useDeferredValue } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { CardErrorBoundary } from '@/components/ui/card-error-boundary';
import { LoadingRows } from '@/components/ui/states';
import { useCommunity, useMemberPages } from '@/features/communities/api';
import { useDashboardData } from '@/features/dashboard/use-dashboard-data';
import { useMeetings } from '@/features/meetings/api';
import { can } from '@shared/domain/roles';
import { useReceivedQuestions, useSentQuestions } from '@/features/questions/api';
import { UpcomingMeetingsCard } from '@/features/meetings/components/upcoming-meetings-card';
import { RecentQuestionsCard } from '@/features/questions/components/recent-questions-card';
import { useDisciplineTargets, useMemberStats, useTrackingScope } from '@/features/tracking/api';
import { CommunityMembersCard } from '@/features/tracking/components/community-members-card';
import { GuidelinesCard } from '@/features/guidance/components/guidelines-card';
import { ScreenCheckIn, ScreenPickers } from '@/features/tracking/components/screen-sections';
import { StreaksCard } from '@/features/tracking/components/streaks-card';
import { SubgroupStatsCard } from '@/features/tracking/components/subgroup-stats-card';
import { NeedsAWordCard } from '@/features/care/components/needs-a-word-card';
import { ReflectionInvitation } from '@/features/care/components/reflection-invitation';
import { TargetsCard } from '@/features/tracking/components/targets-card';
import { monthLabel, referenceDate, useToday } from '@/features/tracking/period';
import { useTrackingScreen } from '@/features/tracking/use-tracking-screen';
import { type Translate, useT } from '@/i18n';
import { browserTimeZone } from '@/lib/time-zones';

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** An account made within the last day is greeted 'Welcome', not 'Welcome back': there is nothing to come back to yet. */
function isNewAccount(createdAt: string | undefined): boolean {
  return createdAt !== undefined && Date.now() - Date.parse(createdAt) < NEW_ACCOUNT_MS;
}

/**
 * Dashboard (/): SPEC.md section 2. Its first screen is asked for at once, in at most six requests
 * (issue 13): one's own data in one call (useDashboardData), beside the member list's first page, one's questions and
 * meetings, a commander's statistics and the notification poll. The cards render once that call is
 * answered, and find their data in the cache.
 */
export function DashboardPage() {
  const t = useT();
  const scope = useTrackingScope();
  const today = useToday();
  const period = { year: today.year, month: today.month };
  const selfId = scope.user?.id ?? null;
  const dashboard = useDashboardData(scope.communityId, selfId, period, today.iso);
  useMemberPages(scope.communityId ?? '', {}, scope.communityId !== null);
  // Recent Questions: a commander's received questions, a member's own (asked for with the first screen).
  const answersQuestions = can(scope.membership, 'questions:answer');
  useSentQuestions(answersQuestions ? null : scope.communityId);
  useReceivedQuestions(scope.communityId, answersQuestions);
  useMeetings(scope.communityId);
  useMemberStats(scope.canSeeSubgroupStats && selfId ? scope.communityId : null, selfId ?? '', period);
  // The cards mount in a deferred render, so the loading screen is not held up by one long task.
  const stillLoading = useDeferredValue(dashboard.isLoading);
  if (dashboard.isLoading || stillLoading) {
    return (
      <>
        <PageHeader title={t('Dashboard')} description={greetingOf(t, scope.user)} />
        <LoadingRows rows={6} label={t('Loading your dashboard')} />
      </>
    );
  }
  return <DashboardScreen />;
}

/** The header's line, the same while loading and loaded (so the page's largest text does not change). */
function greetingOf(t: Translate, user: { displayName: string; createdAt?: string } | null | undefined): string {
  const name = (user?.displayName ?? t('You')).split(' ')[0];
  return isNewAccount(user?.createdAt)
    ? t('Welcome, {name}. Keep walking steadfastly, one day at a time.', { name })
    : t('Welcome back, {name}. Keep walking steadfastly, one day at a time.', { name });
}

function DashboardScreen() {
  const t = useT();
  const screen = useTrackingScreen();
  const { communityId, period, now, viewed } = screen;
  const community = useCommunity(communityId);
  const targets = useDisciplineTargets(communityId, viewed.id || null, period);
  // Asked for once the first screen's six requests are answered (the statistics are the last of them).
  const subgroupStats = useMemberStats(screen.canSeeSubgroupStats && screen.self.id ? communityId : null, screen.self.id, period);
  const asOf = referenceDate(period, now.iso);
  // Meeting times are in the community's time zone; if it cannot be read, the viewer's own (the card names it).
  const timeZone = community.data?.timeZone ?? (community.error ? (browserTimeZone() ?? 'UTC') : null);

  return (
    <>
      <PageHeader title={t('Dashboard')} description={greetingOf(t, screen.user)} />
      <div className="grid gap-6">
        <ScreenPickers screen={screen} idPrefix="dashboard" />

        {/* Each card in its own error boundary: one that cannot be shown (hostile guidance, a bug) leaves the others working. */}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
            {screen.isSelf && screen.isMember && communityId ? (
              <CardErrorBoundary>
                <ReflectionInvitation communityId={communityId} today={now} labelOf={monthLabel} enabled={subgroupStats.fetchStatus === 'idle'} />
              </CardErrorBoundary>
            ) : null}
            <CardErrorBoundary>
              <ScreenCheckIn screen={screen} />
            </CardErrorBoundary>
            <CardErrorBoundary>
              <StreaksCard
                communityId={communityId}
                userId={screen.viewedUserId}
                asOf={asOf}
                isToday={asOf === now.iso}
              />
            </CardErrorBoundary>
            {screen.canSeeSubgroupStats && screen.self.id && communityId ? (
              <CardErrorBoundary>
                <NeedsAWordCard communityId={communityId} enabled={!subgroupStats.isPending} />
              </CardErrorBoundary>
            ) : null}
            {screen.canSeeSubgroupStats && screen.self.id ? (
              <CardErrorBoundary>
                <SubgroupStatsCard communityId={communityId} commanderId={screen.self.id} period={period} />
              </CardErrorBoundary>
            ) : null}
            <div className="grid gap-6 md:grid-cols-2">
              {/* The viewer's own, also while another member is on screen: questions and meetings are private. */}
              <CardErrorBoundary>
                <RecentQuestionsCard
                  communityId={communityId}
                  box={can(screen.membership, 'questions:answer') ? 'received' : 'sent'}
                  viewerId={screen.self.id || null}
                  isMember={screen.isMember}
                />
              </CardErrorBoundary>
              <CardErrorBoundary>
                <UpcomingMeetingsCard communityId={communityId} viewerId={screen.self.id} timeZone={timeZone} />
              </CardErrorBoundary>
            </div>
          </div>
          <div className="grid min-w-0 content-start gap-6">
            <CardErrorBoundary>
              <GuidelinesCard communityId={communityId} />
            </CardErrorBoundary>
            <CardErrorBoundary>
              <TargetsCard targets={targets.data} isLoading={targets.isPending} error={targets.error} onRetry={() => void targets.refetch()} period={period} memberName={viewed.displayName} disciplines={screen.disciplines.data} withheldKeys={screen.isSelf ? [] : screen.log.data?.withheldKeys} />
            </CardErrorBoundary>
            <CardErrorBoundary>
              <CommunityMembersCard
                members={screen.members.data}
                total={screen.members.total}
                onLoadMore={screen.members.hasMore ? screen.members.loadMore : undefined}
                loadingMore={screen.members.loadingMore}
                isLoading={screen.members.isPending}
                error={screen.members.error}
                selfId={screen.self.id}
                onRetry={() => void screen.members.refetch()}
              />
            </CardErrorBoundary>
          </div>
        </div>
      </div>
    </>
  );
}
