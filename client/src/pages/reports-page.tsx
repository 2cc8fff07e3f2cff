import Flame from 'lucide-react/icons/flame';
import { useState } from 'react';
import type { YearMonth } from '@shared/domain/calendar';
import { isCommander } from '@shared/domain/roles';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyState, ErrorNote, LoadingCard } from '@/components/ui/states';
import { useCurrentCommunity } from '@/features/communities/api';
import { CommunityMissing } from '@/features/communities/components/community-state';
import { CareGlanceCard } from '@/features/care/components/care-glance-card';
import { useReports, type ReportScope } from '@/features/reports/api';
import { ChartCard, DataTable } from '@/features/reports/components/chart-card';
import { PercentBars, PercentLine } from '@/features/reports/components/charts';
import { leftOutNote, MemberCompletionCard } from '@/features/reports/components/member-completion-card';
import { monthLabel, pickerYears, useToday } from '@/features/tracking/period';
import { MonthOptions, YearOptions } from '@/features/tracking/components/period-options';
import { dateFormat, formatList, formatNumber, useT } from '@/i18n';
import { disciplineName } from '@/i18n/labels';

const percent = (value: number) => formatNumber(value / 100, { style: 'percent' });
/** 'Nov 26': a point of the 12-month line. */
const shortMonth = (year: number, month: number) => dateFormat({ month: 'short', year: '2-digit', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));

/** /reports: completion by discipline and by member for a month, the viewer's 12-month trend and their subgroup's streaks. */
export function ReportsPage() {
  const t = useT();
  const membership = useCurrentCommunity();
  const today = useToday();
  const [period, setPeriod] = useState<YearMonth>({ year: today.year, month: today.month });
  const [scope, setScope] = useState<ReportScope>(undefined);
  const reports = useReports(membership?.communityId ?? null, period, scope);

  if (!membership) {
    return (
      <>
        <PageHeader title={t('Progress Reports')} />
        <CommunityMissing />
      </>
    );
  }

  const data = reports.data;
  const whose = !data ? '' : data.scope === 'community' ? t('the whole community') : data.scope === 'subgroup' ? (data.subgroupName ?? t('your subgroup')) : t('you');
  const noMembers = data && data.membersTotal === 0;

  return (
    <>
      <PageHeader
        title={t('Progress Reports')}
        description={t('How faithfully the disciplines were kept, month by month: days marked Yes or Partially out of the days in the month.')}
      />
      <div className="grid gap-6">
        <Card className="grid grid-cols-2 gap-3 p-4 sm:flex sm:flex-wrap sm:items-end sm:gap-4 sm:p-5">
          <div className="grid gap-2 sm:w-44">
            <Label htmlFor="reports-month">{t('Month')}</Label>
            <NativeSelect id="reports-month" value={period.month} onChange={(event) => setPeriod({ ...period, month: Number(event.target.value) })}>
              <MonthOptions />
            </NativeSelect>
          </div>
          <div className="grid gap-2 sm:w-32">
            <Label htmlFor="reports-year">{t('Year')}</Label>
            <NativeSelect id="reports-year" value={period.year} onChange={(event) => setPeriod({ ...period, year: Number(event.target.value) })}>
              <YearOptions years={pickerYears(today.year)} />
            </NativeSelect>
          </div>
          {data?.canSeeCommunity ? (
            <div role="group" aria-label={t('Whose progress')} className="col-span-2 flex gap-1 rounded-lg bg-muted p-1 sm:col-span-1">
              <Button size="sm" className="min-h-9 flex-1" variant={data.scope === 'community' ? 'default' : 'ghost'} aria-pressed={data.scope === 'community'} onClick={() => setScope('community')}>
                {t('Community')}
              </Button>
              <Button size="sm" className="min-h-9 flex-1" variant={data.scope !== 'community' ? 'default' : 'ghost'} aria-pressed={data.scope !== 'community'} onClick={() => setScope('subgroup')}>
                {t('My subgroup')}
              </Button>
            </div>
          ) : null}
        </Card>

        {reports.error ? (
          <ErrorNote message={t('We could not load the reports.')} onRetry={() => void reports.refetch()} />
        ) : !data ? (
          <LoadingCard label={t('Loading reports')} />
        ) : (
          <>
            {data.scope === 'none' ? (
              <EmptyState title={t('You are not in a subgroup yet')}>
                {t('When a moderator places you in a subgroup, its progress shows here. Your own trend is below.')}
              </EmptyState>
            ) : null}
            {data.scope !== 'none' ? (
              // Each card as tall as its own chart: the member chart grows with the members, and the discipline card beside it must not stretch into a blank area.
              <div className="grid items-start gap-6 lg:grid-cols-2">
                <ChartCard
                  title={t('By discipline')}
                  description={t('{month}, {whose}.', { month: monthLabel(data.year, data.month), whose })}
                  note={leftOutNote(t, data.leftOut)}
                  empty={noMembers ? <EmptyState title={t('No members yet')}>{t('Progress appears once members log their days.')}</EmptyState> : undefined}
                  chart={<PercentBars points={data.disciplines.map((discipline) => ({ label: disciplineName(discipline.label), value: discipline.completionPercent }))} />}
                  table={
                    <DataTable
                      caption={t('Completion by discipline, {month}', { month: monthLabel(data.year, data.month) })}
                      columns={[t('Discipline'), t('Completion')]}
                      rows={data.disciplines.map((discipline) => [disciplineName(discipline.label), percent(discipline.completionPercent)])}
                    />
                  }
                />
                <MemberCompletionCard communityId={membership.communityId} report={data} scope={scope} whose={whose} />
              </div>
            ) : null}
            <div className="grid gap-6 lg:grid-cols-2">
              <ChartCard
                title={t('Your last 12 months')}
                description={
                  data.leftOut.length > 0
                    ? t('Your own completion up to {month}, every discipline counted ({list} included).', { month: monthLabel(data.year, data.month), list: formatList(data.leftOut) })
                    : t('Your own completion up to {month}.', { month: monthLabel(data.year, data.month) })
                }
                chart={<PercentLine points={data.trend.map((point) => ({ label: shortMonth(point.year, point.month), value: point.completionPercent }))} />}
                table={
                  <DataTable
                    caption={t('Your completion for the last 12 months')}
                    columns={[t('Month'), t('Completion')]}
                    rows={data.trend.map((point) => [monthLabel(point.year, point.month), percent(point.completionPercent)])}
                  />
                }
              />
              <Card className="min-w-0">
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <Flame className="size-5 text-accent-600" aria-hidden="true" />
                    {t('Subgroup streaks')}
                  </CardTitle>
                  <CardDescription>{t('Days in a row with at least one discipline kept, as of today.')}</CardDescription>
                </CardHeader>
                <CardContent>
                  {data.streaks.length === 0 ? (
                    <EmptyState title={t('No streaks to show')}>{t('Streaks of your subgroup appear here once you are in one.')}</EmptyState>
                  ) : (
                    <ol className="grid gap-2">
                      {data.streaks.map((member, index) => (
                        <li key={member.userId} className="flex items-center gap-3 rounded-xl border border-border px-3 py-2">
                          <span className="w-6 text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
                          <span className="min-w-0 flex-1 break-words">{member.displayName}</span>
                          <span className="font-semibold tabular-nums">
                            {t('{count, plural, one {# day} other {# days}}', { count: member.streak })}
                          </span>
                        </li>
                      ))}
                    </ol>
                  )}
                </CardContent>
              </Card>
            </div>
            {isCommander(membership.roles) ? <CareGlanceCard communityId={membership.communityId} /> : null}
          </>
        )}
      </div>
    </>
  );
}
