import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { type KeyboardEvent, memo, useCallback, useEffect, useRef, useState } from 'react';
import type { DailyLogView, DisciplineView } from '@shared/contracts/tracking';
import { daysInMonth, type IsoDate, isoDate, parseIsoDate, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { dateFormat, firstDayOfWeek, type Translate, useT } from '@/i18n';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import type { DayStatusChange } from '../api';
import { dayLabel, monthLabel, monthName } from '../period';
import { SecretLock } from './secret-lock';
import { STATUS_META, STATUS_ORDER, statusOf } from '../status';

const WEEK = 7;

/** The name a calendar cell is read by: 'Bible Reading, November 5: Yes' (', waiting to sync' when kept offline). */
export function cellName(label: string, period: YearMonth, day: number, status: DayStatus, waiting: boolean, t: Translate): string {
  const values = { discipline: label, date: dayLabel(period.year, period.month, day), status: t(STATUS_META[status].label) };
  return waiting ? t('{discipline}, {date}: {status}, waiting to sync', values) : t('{discipline}, {date}: {status}', values);
}

interface MonthGridProps {
  disciplines: readonly DisciplineView[];
  period: YearMonth;
  todayIso: IsoDate;
  dayStatus: DailyLogView['dayStatus'] | undefined;
  /** False: every cell can be read (and reached by keyboard) but not changed. */
  editable: boolean;
  onChoose: (change: DayStatusChange) => void;
  /** Cells saved on this device while offline, not yet sent ('key:day'). */
  waiting?: ReadonlySet<string>;
}

interface Position {
  row: number;
  day: number;
}

/** The day of `period` that is today, or null when today lies in another month. */
function todayIn(period: YearMonth, todayIso: IsoDate): number | null {
  const today = parseIsoDate(todayIso);
  return today.year === period.year && today.month === period.month ? today.day : null;
}

/**
 * The month as a WAI-ARIA grid: rows are the daily disciplines, columns the days. The grid is one Tab
 * stop (a roving tabindex); the arrow keys move between cells, Home and End go to the first and last day,
 * Page Up and Page Down a week back and on, and Enter or Space opens the cell's status menu, which gives
 * focus back to the cell when it closes. From 1024 px the whole month fits; narrower, the grid shows one
 * week at a time with previous and next, opening on today, so nothing scrolls sideways.
 */
export function MonthGrid({ disciplines, period, todayIso, dayStatus, editable, onChoose, waiting }: MonthGridProps) {
  const t = useT();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const totalDays = daysInMonth(period.year, period.month);
  const [active, setActive] = useState<Position>(() => ({ row: 0, day: todayIn(period, todayIso) ?? 1 }));
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef(false);
  const row = Math.min(active.row, disciplines.length - 1);
  const activeDay = Math.min(active.day, totalDays);

  // A phone's weeks are the reader's calendar weeks: from their first day of the week (Sunday in English, Monday in
  // Spanish), the month's first and last weeks cut short at its ends.
  const lead = (new Date(period.year, period.month - 1, 1).getDay() - firstDayOfWeek() + WEEK) % WEEK;
  const week = Math.floor((activeDay - 1 + lead) / WEEK);
  const firstShown = wide ? 1 : Math.max(1, week * WEEK - lead + 1);
  const lastShown = wide ? totalDays : Math.min((week + 1) * WEEK - lead, totalDays);
  const days = Array.from({ length: lastShown - firstShown + 1 }, (_, index) => firstShown + index);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    cells.current.get(`${row}:${activeDay}`)?.focus();
  }, [row, activeDay]);

  const rowCount = disciplines.length;
  const onCellKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, position: Position) => {
      const moves: Record<string, Position | undefined> = {
      ArrowRight: { ...position, day: position.day + 1 },
      ArrowLeft: { ...position, day: position.day - 1 },
      ArrowDown: { ...position, row: position.row + 1 },
      ArrowUp: { ...position, row: position.row - 1 },
        Home: event.ctrlKey ? { row: 0, day: 1 } : { ...position, day: 1 },
        End: event.ctrlKey ? { row: rowCount - 1, day: totalDays } : { ...position, day: totalDays },
      PageDown: { ...position, day: position.day + WEEK },
      PageUp: { ...position, day: position.day - WEEK },
      };
      const next = moves[event.key];
      if (!next) return;
      // Also keeps the menu's own ArrowDown-opens behaviour from firing: arrows move, Enter and Space open.
      event.preventDefault();
      const target = { row: Math.max(0, Math.min(rowCount - 1, next.row)), day: Math.max(1, Math.min(totalDays, next.day)) };
      // At an edge nothing moves, and nothing must be left waiting to pull focus later.
      if (target.row === position.row && target.day === position.day) return;
      focusAfterMove.current = true;
      setActive(target);
    },
    [rowCount, totalDays],
  );
  const onCellFocus = useCallback((position: Position) => setActive(position), []);
  const registerCell = useCallback((key: string, element: HTMLButtonElement | null) => {
    if (element) cells.current.set(key, element);
    else cells.current.delete(key);
  }, []);

  const today = todayIn(period, todayIso);
  const weekLabel = t('{month} {first}–{last}', { month: monthName(period.month), first: firstShown, last: lastShown });

  return (
    <div className="grid gap-3">
      {!wide ? (
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t('Previous week')}
            disabled={firstShown === 1}
            onClick={() => setActive({ row, day: Math.max(1, firstShown - WEEK) })}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p className="text-sm font-medium" aria-live="polite">
            {weekLabel}
          </p>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('Next week')}
            disabled={lastShown === totalDays}
            onClick={() => setActive({ row, day: Math.min(totalDays, lastShown + 1) })}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <table
        role="grid"
        aria-label={
          wide
            ? t('Monthly Progress calendar, {month}', { month: monthLabel(period.year, period.month) })
            : t('Monthly Progress calendar, {month}, {week}', { month: monthLabel(period.year, period.month), week: weekLabel })
        }
        aria-readonly={editable ? undefined : true}
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
      >
        <thead>
          <tr>
            <th scope="col" className={cn('pb-1 pr-2 text-left text-xs font-medium text-muted-foreground', wide ? 'w-40' : 'w-24')}>
              {t('Discipline')}
            </th>
            {days.map((day) => {
              const date = new Date(period.year, period.month - 1, day);
              const isToday = day === today;
              return (
                <th key={day} scope="col" aria-current={isToday ? 'date' : undefined} className="pb-1 text-center text-xs font-medium text-muted-foreground">
                  <abbr title={dateFormat({ weekday: 'long' }).format(date)} className="block text-[10px] uppercase no-underline" aria-hidden="true">
                    {dateFormat({ weekday: 'narrow' }).format(date)}
                  </abbr>
                  <span className={cn('inline-block min-w-5 rounded-full', isToday && 'bg-primary-700 text-primary-foreground')}>{day}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {disciplines.map((discipline, rowIndex) => (
            <tr key={discipline.key}>
              <th scope="row" className="py-0.5 pr-2 text-left text-xs leading-tight font-medium break-words sm:text-sm">
                {discipline.label}
                <SecretLock discipline={discipline} />
              </th>
              {days.map((day) => (
                <td key={day} className="p-0.5 text-center">
                  <DayCell
                    row={rowIndex}
                    register={registerCell}
                    label={discipline.label}
                    disciplineKey={discipline.key}
                    period={period}
                    day={day}
                    status={statusOf(dayStatus, discipline.key, day)}
                    waiting={waiting?.has(`${discipline.key}:${day}`) ?? false}
                    disabled={!editable || isoDate(period.year, period.month, day) > todayIso}
                    tabbable={rowIndex === row && day === activeDay}
                    onChoose={onChoose}
                    onCellKeyDown={onCellKeyDown}
                    onCellFocus={onCellFocus}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DayCellProps {
  row: number;
  register: (key: string, element: HTMLButtonElement | null) => void;
  label: string;
  disciplineKey: string;
  period: YearMonth;
  day: number;
  status: DayStatus;
  /** Saved offline, not yet sent: marked with a dot and said in its name. */
  waiting: boolean;
  /** Future days, another member's month, a locked month: readable and reachable, not changeable. */
  disabled: boolean;
  /** The grid's one Tab stop. */
  tabbable: boolean;
  onChoose: (change: DayStatusChange) => void;
  onCellKeyDown: (event: KeyboardEvent<HTMLButtonElement>, position: Position) => void;
  onCellFocus: (position: Position) => void;
}

const cellClasses =
  'relative flex h-8 w-full items-center justify-center rounded-md border text-xs font-bold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1';

const DayCell = memo(function DayCell(props: DayCellProps) {
  const { row, register, label, disciplineKey, period, day, status, waiting, disabled, tabbable, onChoose, onCellKeyDown, onCellFocus } = props;
  const t = useT();
  const ref = useCallback((element: HTMLButtonElement | null) => register(`${row}:${day}`, element), [register, row, day]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => onCellKeyDown(event, { row, day });
  const onFocus = () => onCellFocus({ row, day });
  const meta = STATUS_META[status];
  const name = cellName(label, period, day, status, waiting, t);
  const face = (
    <>
      <span aria-hidden="true">{meta.letter ? t(meta.letter) : null}</span>
      {waiting ? <span aria-hidden="true" data-waiting="" className="absolute right-0.5 top-0.5 size-1.5 rounded-full bg-accent-600" /> : null}
    </>
  );
  if (disabled) {
    return (
      <button
        ref={ref}
        type="button"
        aria-disabled="true"
        aria-label={name}
        title={name}
        tabIndex={tabbable ? 0 : -1}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className={cn(cellClasses, meta.className, 'cursor-not-allowed opacity-60')}
      >
        {face}
      </button>
    );
  }
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild onKeyDown={onKeyDown}>
        <button ref={ref} type="button" aria-label={name} title={name} tabIndex={tabbable ? 0 : -1} onFocus={onFocus} className={cn(cellClasses, meta.className, 'hover:ring-2 hover:ring-primary-300')}>
          {face}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center" className="min-w-48">
        <DropdownMenuLabel className="font-semibold">
          {t('{discipline}, {date}', { discipline: label, date: dayLabel(period.year, period.month, day) })}
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
                {STATUS_META[option].letter ? t(STATUS_META[option].letter) : null}
              </span>
              {t(STATUS_META[option].label)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
