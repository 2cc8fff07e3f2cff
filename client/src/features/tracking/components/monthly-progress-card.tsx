import CalendarDays from 'lucide-react/icons/calendar-days';
import Check from 'lucide-react/icons/check';
import Minus from 'lucide-react/icons/minus';
import { memo, useCallback, useEffect, useRef } from 'react';
import type { DailyLogView, DisciplineView } from '@shared/contracts/tracking';
import { daysInMonth, type IsoDate, isoDate, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import { MONTHLY_GOAL_KEYS, TARGET_LABELS } from '@shared/domain/disciplines';
import { monthlyProgress } from '@shared/domain/progress';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { type DayStatusChange, useSaveDayStatus } from '../api';
import { monthLabel, monthName } from '../period';
import { actionLabel, STATUS_META, STATUS_ORDER, statusOf } from '../status';
import { EmptyNote, ErrorNote, LoadingRows, ReadOnlyNote } from '@/components/ui/states';

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
  /** Why the grid is read-only, said above it. */
  readOnlyReason: string | null;
  /** SPEC.md: non-admins see 'Completion Goals Only'. */
  showGoalsOnlyBadge: boolean;
  /** Another member's monthly goals are shown here read-only (one's own have their own card). */
  showGoalsSummary: boolean;
}

const weekdayShort = new Intl.DateTimeFormat('en-US', { weekday: 'narrow' });

/** The name a calendar cell is read by: 'Bible Reading, November 5: Yes'. */
export function cellName(label: string, month: number, day: number, status: DayStatus): string {
  return `${label}, ${monthName(month)} ${day}: ${STATUS_META[status].label}`;
}

/**
 * 'Monthly Progress': rows are the daily disciplines, columns the days of the month. Each cell is a
 * button showing its status by colour and letter; activating it opens a menu of the six statuses.
 * Future days are disabled; the whole grid is read-only for another member and, for non-admins, in a
 * locked month.
 */
export function MonthlyProgressCard(props: MonthlyProgressCardProps) {
  const { communityId, disciplines, disciplinesLoading, log, logLoading, logError, onRetry, period, todayIso, editable, readOnlyReason } = props;
  const { mutate } = useSaveDayStatus(communityId);
  const totalDays = daysInMonth(period.year, period.month);
  const days = Array.from({ length: totalDays }, (_, index) => index + 1);
  const onChoose = useCallback((change: DayStatusChange) => mutate(change), [mutate]);
  const scroller = useRef<HTMLDivElement>(null);
  const stickyHeader = useRef<HTMLTableCellElement>(null);
  const todayHeader = useRef<HTMLTableCellElement>(null);
  const gridShown = !logError && !disciplinesLoading && !logLoading && disciplines.length > 0;

  // On a narrow screen the grid scrolls sideways: bring today's column into view (with two days before it).
  useEffect(() => {
    const container = scroller.current;
    const column = todayHeader.current;
    if (!gridShown || !container || !column) return;
    const stickyWidth = stickyHeader.current?.getBoundingClientRect().width ?? 0;
    const offset = column.getBoundingClientRect().left - container.getBoundingClientRect().left - stickyWidth - 2 * column.getBoundingClientRect().width;
    if (offset > 0) container.scrollLeft += offset;
  }, [gridShown, period.year, period.month]);

  return (
    <Card>
      <CardHeader className="gap-3 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <CalendarDays className="size-5 text-primary-600" aria-hidden="true" />
            Monthly Progress
          </CardTitle>
          <CardDescription>{monthLabel(period.year, period.month)}</CardDescription>
        </div>
        {props.showGoalsOnlyBadge ? (
          <div className="grid justify-items-start gap-1 sm:justify-items-end">
            <Badge variant="outline">Completion Goals Only</Badge>
            <span className="text-xs text-muted-foreground">
              Your targets are set by your community's admins; you mark your progress.
            </span>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-5">
        {readOnlyReason ? <ReadOnlyNote>{readOnlyReason}</ReadOnlyNote> : null}

        {logError ? (
          <ErrorNote message={logError.message} onRetry={onRetry} />
        ) : disciplinesLoading || logLoading ? (
          <LoadingRows rows={5} label="Loading the calendar" />
        ) : disciplines.length === 0 ? (
          <EmptyNote>This community has no daily disciplines yet.</EmptyNote>
        ) : (
          <>
            <div
              ref={scroller}
              role="region"
              aria-label={`Monthly Progress calendar, ${monthLabel(period.year, period.month)}`}
              tabIndex={0}
              className="overflow-x-auto overscroll-x-contain rounded-xl pb-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <table className="border-separate border-spacing-0 text-sm">
                <caption className="sr-only">
                  Each daily discipline's status per day of {monthLabel(period.year, period.month)}
                </caption>
                <thead>
                  <tr>
                    <th ref={stickyHeader} scope="col" className="sticky left-0 z-10 min-w-28 border-r border-border bg-card pb-1 pr-2 text-left text-xs font-medium text-muted-foreground sm:min-w-40">
                      Discipline
                    </th>
                    {days.map((day) => {
                      const date = isoDate(period.year, period.month, day);
                      return (
                        <th
                          key={day}
                          ref={date === todayIso ? todayHeader : undefined}
                          scope="col"
                          className={cn('min-w-11 pb-1 text-center text-xs font-medium text-muted-foreground', date === todayIso && 'text-primary-800')}
                          aria-current={date === todayIso ? 'date' : undefined}
                        >
                          <span className="block text-[10px] uppercase" aria-hidden="true">
                            {weekdayShort.format(new Date(period.year, period.month - 1, day))}
                          </span>
                          <span className={cn(date === todayIso && 'rounded-full bg-primary-700 px-1.5 text-primary-foreground')}>{day}</span>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {disciplines.map((discipline) => (
                    <tr key={discipline.key}>
                      <th scope="row" className="sticky left-0 z-10 border-r border-border bg-card py-0.5 pr-2 text-left text-xs font-medium leading-tight sm:text-sm">
                        {discipline.label}
                      </th>
                      {days.map((day) => (
                        <td key={day} className="p-0.5 text-center">
                          <DayCell
                            label={discipline.label}
                            disciplineKey={discipline.key}
                            period={period}
                            day={day}
                            status={statusOf(log?.dayStatus, discipline.key, day)}
                            disabled={!editable || isoDate(period.year, period.month, day) > todayIso}
                            onChoose={onChoose}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            <StatusLegend />

            <section aria-label="Progress this month" className="grid gap-3">
              <h3 className="text-sm font-semibold">Progress this month</h3>
              <ul className="grid gap-3 sm:grid-cols-2">
                {disciplines.map((discipline) => {
                  const percent = monthlyProgress(log?.dayStatus[discipline.key], period.year, period.month);
                  return (
                    <li key={discipline.key} className="grid gap-1.5">
                      <div className="flex items-baseline justify-between gap-3 text-sm">
                        <span>{discipline.label}</span>
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

            {props.showGoalsSummary ? <GoalsSummary log={log} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface DayCellProps {
  label: string;
  disciplineKey: string;
  period: YearMonth;
  day: number;
  status: DayStatus;
  disabled: boolean;
  onChoose: (change: DayStatusChange) => void;
}

const cellClasses = 'flex size-10 items-center justify-center rounded-lg border text-xs font-bold transition-colors';

const DayCell = memo(function DayCell({ label, disciplineKey, period, day, status, disabled, onChoose }: DayCellProps) {
  const meta = STATUS_META[status];
  const name = cellName(label, period.month, day, status);
  const face = <span aria-hidden="true">{meta.letter}</span>;
  if (disabled) {
    return (
      <button type="button" disabled aria-label={name} title={name} className={cn(cellClasses, meta.className, 'cursor-not-allowed opacity-60')}>
        {face}
      </button>
    );
  }
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={name}
          title={name}
          className={cn(cellClasses, meta.className, 'hover:ring-2 hover:ring-primary-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring')}
        >
          {face}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center" className="min-w-48">
        <DropdownMenuLabel className="font-semibold">
          {label}, {monthName(period.month)} {day}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={status}
          onValueChange={(value) => {
            if (value !== status) onChoose({ ...period, key: disciplineKey, day, status: value as DayStatus });
          }}
        >
          {STATUS_ORDER.map((option) => (
            <DropdownMenuRadioItem key={option} value={option}>
              <span aria-hidden="true" className={cn('flex size-5 items-center justify-center rounded border text-[10px] font-bold', STATUS_META[option].className)}>
                {STATUS_META[option].letter}
              </span>
              {actionLabel(option)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
});

/** The legend of the six statuses: colour, letter and words. */
export function StatusLegend() {
  return (
    <section aria-label="Legend" className="grid gap-2">
      <h3 className="text-sm font-semibold">Legend</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {STATUS_ORDER.map((status) => (
          <li key={status} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('flex size-6 items-center justify-center rounded-md border text-[11px] font-bold', STATUS_META[status].className)}>
              {STATUS_META[status].letter}
            </span>
            {status === 'Blank' ? 'Blank (not set)' : STATUS_META[status].label}
          </li>
        ))}
      </ul>
    </section>
  );
}

function GoalsSummary({ log }: { log: DailyLogView | undefined }) {
  return (
    <section aria-label="Monthly goals" className="grid gap-2">
      <h3 className="text-sm font-semibold">Monthly goals</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {MONTHLY_GOAL_KEYS.map((key) => {
          const done = log?.monthlyCompletions[key] === true;
          return (
            <li key={key} className="flex items-center gap-2 text-sm">
              {done ? <Check className="size-4 text-success" aria-hidden="true" /> : <Minus className="size-4 text-muted-foreground" aria-hidden="true" />}
              <span>
                {TARGET_LABELS[key]}: {done ? 'Completed' : 'Not completed'}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
