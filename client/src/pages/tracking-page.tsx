import { PageHeader } from '@/components/layout/page-header';
import { ReflectionCard } from '@/features/care/components/reflection-card';
import { HistoryOffersCard } from '@/features/history-offers/components/history-offers-card';
import { useDisciplineTargets } from '@/features/tracking/api';
import { CompletionGoalsCard } from '@/features/tracking/components/completion-goals-card';
import { LockBadge } from '@/features/tracking/components/lock-badge';
import { MonthlyProgressCard } from '@/features/tracking/components/monthly-progress-card';
import { ScreenCheckIn, ScreenPickers } from '@/features/tracking/components/screen-sections';
import { TargetsCard } from '@/features/tracking/components/targets-card';
import { UpdatePlanCard } from '@/features/tracking/components/targets-dialog';
import { monthLabel } from '@/features/tracking/period';
import { useTrackingScreen } from '@/features/tracking/use-tracking-screen';
import { useT } from '@/i18n';

/** My Tracking (/tracking): SPEC.md section 2. */
export function TrackingPage() {
  const t = useT();
  const screen = useTrackingScreen();
  const { communityId, period, now, log, viewed } = screen;
  const targets = useDisciplineTargets(communityId, viewed.id || null, period, screen.canEditTargets);

  return (
    <>
      <PageHeader
        title={t('My Tracking')}
        description={t('Log your spiritual disciplines day by day.')}
        actions={screen.isLocked ? <LockBadge isAdmin={screen.isAdmin} /> : undefined}
      />
      <div className="grid gap-6">
        {/* Imported history an admin offered: the member decides (nothing changes before they accept). */}
        <HistoryOffersCard />

        <ScreenPickers screen={screen} idPrefix="tracking" />

        <ScreenCheckIn screen={screen} />

        <MonthlyProgressCard
          communityId={communityId}
          disciplines={screen.daily}
          disciplinesLoading={screen.disciplines.isPending}
          log={log.data}
          logLoading={log.isPending}
          logError={log.error}
          onRetry={() => void log.refetch()}
          period={period}
          todayIso={now.iso}
          editable={screen.editable}
          showGoalsOnlyBadge={!screen.isAdmin && screen.isSelf}
          isSelf={screen.isSelf}
        />

        {/* A month that has ended: its reflection beside its calendar (the member's, their commander's, admins'). */}
        {communityId && period.year * 12 + period.month < now.year * 12 + now.month ? (
          <ReflectionCard
            communityId={communityId}
            member={viewed.id ? viewed : null}
            isSelf={screen.isSelf}
            isMember={screen.isMember}
            period={period}
            label={monthLabel(period.year, period.month)}
          />
        ) : null}

        {screen.isSelf && screen.isMember && screen.self.id ? (
          <CompletionGoalsCard
            communityId={communityId}
            userId={screen.self.id}
            period={period}
            log={log.data}
            logLoading={log.isPending}
            logError={log.error}
            onRetry={() => void log.refetch()}
            locked={screen.lockedForMe}
            disabledReason={screen.isFutureMonth ? t("Goals for a month that hasn't started cannot be marked yet.") : null}
          />
        ) : null}

        {screen.canEditTargets && viewed.id ? (
          <div className="grid gap-6 md:grid-cols-2">
            <TargetsCard targets={targets.data} isLoading={targets.isPending} error={targets.error} onRetry={() => void targets.refetch()} period={period} memberName={viewed.displayName} disciplines={screen.disciplines.data} withheldKeys={screen.isSelf ? [] : log.data?.withheldKeys} />
            <UpdatePlanCard communityId={communityId} member={viewed} period={period} targets={targets.data} targetsLoading={targets.isPending} />
          </div>
        ) : null}
      </div>
    </>
  );
}
