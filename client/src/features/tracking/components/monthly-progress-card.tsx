import CalendarDays from 'lucide-react/icons/calendar-days';
import Check from 'lucide-react/icons/check';
import Minus from 'lucide-react/icons/minus';
import { useCallback, useMemo } from 'react';
import type { DailyLogView, DisciplineView } from '@shared/contracts/tracking';
import type { IsoDate, YearMonth } from '@shared/domain/calendar';
import { MONTHLY_GOAL_KEYS } from '@shared/domain/disciplines';
import { monthlyProgress } from '@shared/domain/progress';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { type DayStatusChange, useSaveDayStatus } from '../api';
import { useQueuedCheckIns, waitingCells } from '../offline-check-ins';
import { monthLabel } from '../period';
import { STATUS_META, STATUS_ORDER } from '../status';
import { EmptyNote, ErrorNote, LoadingRows } from '@/components/ui/states';
import { MonthGrid } from './month-grid';
import { SecretLock, SecretNote } from './secret-lock';
import { targetName } from '@/i18n/labels';

interface MonthlyProgressCardProps {
  communityId: string | null;
  /** The daily-grid disciplines, in order. */
  disciplines: readonly DisciplineView[];
  disciplinesLoading: boolean;
  log: DailyLogView | undefined;
  logLoading: boolean;
  logError: Error | null;
  onRetry?: () => void;
  period: YearMonth;
  todayIso: IsoDate;
  /** One's own month, not locked (or locked but one is an admin). */
  editable: boolean;
  /** SPEC.md: non-admins see 'Completion Goals Only' on their own month. */
  showGoalsOnlyBadge: boolean;
  /** One's own month rather than another member's, whose monthly goals are shown here read-only (one's own have their own card). */
  isSelf: boolean;
}

/**
 * 'Monthly Progress': the month grid (rows are the daily disciplines, columns the days; each cell opens a
 * menu of the six statuses), the legend and each discipline's progress. Future days cannot change; the
 * whole grid is read-only for another member and, for non-admins, in a locked month (the page says why,
 * once, above the cards).
 */
export function MonthlyProgressCard(props: MonthlyProgressCardProps) {
  const { communityId, disciplines, disciplinesLoading, log, logLoading, logError, onRetry, period, todayIso, editable } = props;
  const t = useT();
  const { mutate } = useSaveDayStatus(communityId);
  const queue = useQueuedCheckIns();
  const selfId = useAuth().user?.id ?? null;
  const waiting = useMemo(() => waitingCells(queue, selfId, communityId, period), [queue, selfId, communityId, period]);
  const onChoose = useCallback((change: DayStatusChange) => mutate(change), [mutate]);

  return (
    <Card>
      <CardHeader className="gap-3 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <CalendarDays className="size-5 text-primary-600" aria-hidden="true" />
            {t('Monthly Progress')}
          </CardTitle>
          <CardDescription>{monthLabel(period.year, period.month)}</CardDescription>
        </div>
        {props.showGoalsOnlyBadge ? (
          <div className="grid justify-items-start gap-1 sm:justify-items-end">
            <Badge variant="outline">{t('Completion Goals Only')}</Badge>
            <span className="text-xs text-muted-foreground">{t("Your targets are set by your community's admins; you mark your progress.")}</span>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-5">
        {logError ? (
          <ErrorNote message={logError.message} onRetry={onRetry} />
        ) : disciplinesLoading || logLoading ? (
          <LoadingRows rows={5} label={t('Loading the calendar')} />
        ) : disciplines.length === 0 ? (
          <EmptyNote>{t('This community has no daily disciplines yet.')}</EmptyNote>
        ) : (
          <>
            <MonthGrid
              // A new month or a new day (a page left open past midnight) opens the grid on today again.
              key={`${period.year}-${period.month}-${todayIso}`}
              disciplines={disciplines}
              period={period}
              todayIso={todayIso}
              dayStatus={log?.dayStatus}
              editable={editable}
              onChoose={onChoose}
              // One's own month only: another member's is never saved from this device.
              waiting={props.isSelf ? waiting : undefined}
            />

            <SecretNote disciplines={disciplines} isSelf={props.isSelf} />

            <StatusLegend />

            <section aria-label={t('Progress this month')} className="grid gap-3">
              <h3 className="text-sm font-semibold">{t('Progress this month')}</h3>
              <ul className="grid gap-3 sm:grid-cols-2">
                {disciplines.map((discipline) => {
                  const percent = monthlyProgress(log?.dayStatus[discipline.key], period.year, period.month);
                  return (
                    <li key={discipline.key} className="grid gap-1.5">
                      <div className="flex items-baseline justify-between gap-3 text-sm">
                        <span className="min-w-0 truncate" title={discipline.label}>
                          {discipline.label}
                          <SecretLock discipline={discipline} />
                        </span>
                        <span className="font-semibold" data-testid={`progress-${discipline.key}`}>
                          {percent}%
                        </span>
                      </div>
                      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div className="h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>

            {props.isSelf ? null : <GoalsSummary log={log} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The legend of the six statuses: colour, letter and words. */
export function StatusLegend() {
  const t = useT();
  return (
    <section aria-label={t('Legend')} className="grid gap-2">
      <h3 className="text-sm font-semibold">{t('Legend')}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {STATUS_ORDER.map((status) => (
          <li key={status} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('flex size-6 items-center justify-center rounded-md border text-[11px] font-bold', STATUS_META[status].className)}>
              {STATUS_META[status].letter ? t(STATUS_META[status].letter) : null}
            </span>
            {t(STATUS_META[status].label)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function GoalsSummary({ log }: { log: DailyLogView | undefined }) {
  const t = useT();
  return (
    <section aria-label={t('Monthly goals')} className="grid gap-2">
      <h3 className="text-sm font-semibold">{t('Monthly goals')}</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {MONTHLY_GOAL_KEYS.filter((key) => !log?.withheldKeys.includes(key)).map((key) => {
          const done = log?.monthlyCompletions[key] === true;
          return (
            <li key={key} className="flex items-center gap-2 text-sm">
              {done ? <Check className="size-4 text-success" aria-hidden="true" /> : <Minus className="size-4 text-muted-foreground" aria-hidden="true" />}
              <span>
                {done ? t('{goal}: Completed', { goal: targetName(key) }) : t('{goal}: Not completed', { goal: targetName(key) })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
