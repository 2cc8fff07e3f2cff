import { useState } from 'react';
import type { MemberCompletion, ReportsView } from '@shared/contracts/reports';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorNote } from '@/components/ui/states';
import { formatList, formatNumber, type Translate, useT } from '@/i18n';
import { monthLabel } from '@/features/tracking/period';
import { type ReportScope, useMoreReportMembers } from '../api';
import { ChartCard, DataTable } from './chart-card';
import { CountColumns, PercentBars } from './charts';
import { disciplineName } from '@/i18n/labels';

/** Up to this many members, the chart has a bar per member (a subgroup's names); above, the distribution. */
export const MEMBER_BARS_LIMIT = 25;

const percent = (value: number) => formatNumber(value / 100, { style: 'percent' });

/**
 * /reports' "By member": a bar per member for a small group, the members by completion band for a
 * congregation; the table beside it lists the members, most faithful first, a page at a time.
 */
/** What the scope's figures leave out for this viewer, said after a chart's description; null when nothing is. */
export const leftOutNote = (t: Translate, labels: readonly string[]) =>
  labels.length === 0
    ? null
    : t('{count, plural, one {{list} is left out: kept in secret.} other {{list} are left out: kept in secret.}}', { count: labels.length, list: formatList(labels) });

export function MemberCompletionCard({ communityId, report, scope, whose }: { communityId: string; report: ReportsView; scope: ReportScope; whose: string }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const period = { year: report.year, month: report.month };
  const more = useMoreReportMembers(communityId, period, scope, report.membersNextCursor, expanded);
  const members: MemberCompletion[] = [...report.members, ...(more.data?.pages.flatMap((page) => page.members) ?? [])];
  const hasMore = more.data ? more.hasNextPage : report.membersNextCursor !== null;
  const perMember = report.membersNextCursor === null && report.members.length <= MEMBER_BARS_LIMIT;
  const when = monthLabel(report.year, report.month);

  const showMore = () => {
    if (!expanded) setExpanded(true);
    else void more.fetchNextPage();
  };

  return (
    <ChartCard
      title={t('By member')}
      description={t('{month}, {whose}: {count, plural, one {# member} other {# members}}.', { month: when, whose, count: report.membersTotal })}
      note={leftOutNote(t, report.leftOut)}
      empty={report.membersTotal === 0 ? <EmptyState title={t('No members yet')}>{t('Progress appears once members log their days.')}</EmptyState> : undefined}
      chart={
        perMember ? (
          <PercentBars points={report.members.map((member) => ({ label: member.displayName, value: member.completionPercent }))} />
        ) : (
          <CountColumns points={report.distribution.map((band) => ({ label: t('{from}–{to}%', { from: band.from, to: band.to }), value: band.members }))} />
        )
      }
      table={
        <div className="grid gap-3">
          {perMember ? null : (
            <DataTable
              caption={t('Members by completion, {month}', { month: when })}
              columns={[t('Completion'), t('Members')]}
              rows={report.distribution.map((band) => [t('{from}–{to}%', { from: band.from, to: band.to }), formatNumber(band.members)])}
            />
          )}
          <DataTable
            caption={t('Completion by member, {month}', { month: when })}
            columns={[t('Member'), t('Completion'), ...report.disciplines.map((discipline) => disciplineName(discipline.label))]}
            rows={members.map((member) => [
              member.displayName,
              percent(member.completionPercent),
              ...report.disciplines.map((discipline) => percent(member.byDiscipline[discipline.key] ?? 0)),
            ])}
          />
          {more.error ? <ErrorNote message={t('We could not load more members.')} onRetry={() => void more.refetch()} /> : null}
          {hasMore || members.length < report.membersTotal ? (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <span aria-live="polite">
                {t('Showing {shown} of {total}', { shown: formatNumber(members.length), total: formatNumber(report.membersTotal) })}
              </span>
              {hasMore ? (
                <Button variant="outline" size="sm" className="min-h-9" disabled={more.isFetching} onClick={showMore}>
                  {more.isFetching ? t('Loading…') : t('Show more members')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      }
    />
  );
}
