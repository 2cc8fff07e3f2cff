import CalendarClock from 'lucide-react/icons/calendar-clock';
import MessageCircle from 'lucide-react/icons/message-circle';
import { PageHeader } from '@/components/layout/page-header';
import { useCommunityInfo, useDisciplineTargets } from '@/features/tracking/api';
import { CheckInCarousel } from '@/features/tracking/components/check-in-carousel';
import { ComingSoonCard } from '@/features/tracking/components/coming-soon-card';
import { CommunityMembersCard } from '@/features/tracking/components/community-members-card';
import { GuidelinesCard } from '@/features/tracking/components/guidelines-card';
import { PeriodPickers, ViewingNotice } from '@/features/tracking/components/period-pickers';
import { StreaksCard } from '@/features/tracking/components/streaks-card';
import { SubgroupStatsCard } from '@/features/tracking/components/subgroup-stats-card';
import { TargetsCard } from '@/features/tracking/components/targets-card';
import { referenceDate } from '@/features/tracking/period';
import { LOCKED_MONTH_TEXT, useTrackingScreen } from '@/features/tracking/use-tracking-screen';

/** Dashboard (/): SPEC.md section 2. */
export function DashboardPage() {
  const screen = useTrackingScreen();
  const { communityId, period, now, log, viewed } = screen;
  const info = useCommunityInfo();
  const targets = useDisciplineTargets(communityId, viewed.id || null, period);
  const asOf = referenceDate(period, now.iso);
  const firstName = screen.self.displayName.split(' ')[0];

  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${firstName}. Keep walking steadfastly, one day at a time.`} />
      <div className="grid gap-6">
        <PeriodPickers
          idPrefix="dashboard"
          self={screen.self}
          members={screen.members.data}
          membersLoading={screen.members.isPending}
          memberId={screen.memberId}
          onMemberChange={screen.setMemberId}
          period={period}
          onPeriodChange={screen.setPeriod}
        />
        {!screen.isSelf ? <ViewingNotice name={viewed.displayName} /> : null}

        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
            {screen.isSelf && screen.isCurrentMonth ? (
              <CheckInCarousel
                communityId={communityId}
                disciplines={screen.daily}
                disciplinesLoading={screen.disciplines.isPending}
                log={log.data}
                logLoading={log.isPending}
                logError={log.error}
                today={now}
                lockedReason={screen.lockedForMe ? LOCKED_MONTH_TEXT : null}
              />
            ) : null}
            <StreaksCard
              communityId={communityId}
              userId={screen.viewedUserId}
              asOf={asOf}
              isToday={asOf === now.iso}
              disciplines={screen.daily}
              disciplinesLoading={screen.disciplines.isPending}
              graceDays={info.data?.graceDays ?? false}
            />
            {screen.canSeeSubgroupStats && screen.self.id ? <SubgroupStatsCard communityId={communityId} commanderId={screen.self.id} period={period} /> : null}
            <div className="grid gap-6 md:grid-cols-2">
              <ComingSoonCard title="Recent Questions" icon={<MessageCircle className="size-5 text-primary-600" aria-hidden="true" />} href="/questions" linkText="Go to Questions">
                Your latest questions to your commander arrive here soon.
              </ComingSoonCard>
              <ComingSoonCard title="Upcoming Meetings" icon={<CalendarClock className="size-5 text-primary-600" aria-hidden="true" />} href="/meetings" linkText="Go to Meetings">
                Your next meetings with your commander arrive here soon.
              </ComingSoonCard>
            </div>
          </div>
          <div className="grid min-w-0 content-start gap-6">
            <GuidelinesCard />
            <TargetsCard targets={targets.data} isLoading={targets.isPending} error={targets.error} period={period} memberName={viewed.displayName} />
            <CommunityMembersCard
              members={screen.members.data}
              isLoading={screen.members.isPending}
              error={screen.members.error}
              selfId={screen.self.id}
              onRetry={() => void screen.members.refetch()}
            />
          </div>
        </div>
      </div>
    </>
  );
}
