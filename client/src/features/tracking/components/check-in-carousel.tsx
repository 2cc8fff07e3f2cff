import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Sparkles from 'lucide-react/icons/sparkles';
import { type KeyboardEvent, type TouchEvent, useEffect, useId, useRef, useState } from 'react';
import type { DailyLogView, DisciplineView } from '@shared/contracts/tracking';
import { CAROUSEL_ADVANCE_MS, type DayStatus, SWIPE_THRESHOLD_PX } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useSaveDayStatus } from '../api';
import { actionLabel, STATUS_META, STATUS_ORDER, statusOf } from '../status';
import { EmptyNote, ErrorNote, LoadingRows, ReadOnlyNote } from '@/components/ui/states';

interface CheckInCarouselProps {
  communityId: string | null;
  /** The daily-grid disciplines, in order. */
  disciplines: readonly DisciplineView[];
  disciplinesLoading: boolean;
  /** One's own log of the current month. */
  log: DailyLogView | undefined;
  logLoading: boolean;
  logError: Error | null;
  /** Today in the browser (DECISIONS.md: a status belongs to the member's local day). */
  today: { year: number; month: number; day: number };
  /** Set when the month is locked for this member: the statuses are shown but cannot change. */
  lockedReason: string | null;
}

const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** The name of the control that sets `status` for today: 'Mark Bible Reading Yes for today', 'Clear Bible Reading for today'. */
export function checkInButtonName(label: string, status: DayStatus): string {
  return status === 'Blank' ? `Clear ${label} for today` : `Mark ${label} ${STATUS_META[status].label} for today`;
}

/**
 * 'Quick Daily Check-in' (SPEC.md section 4): one daily discipline at a time for today. After a
 * successful save it moves to the next discipline 500 ms later; previous/next buttons, the Left and
 * Right arrow keys, the dots and horizontal swipes of at least 50 px move it too.
 */
export function CheckInCarousel({ communityId, disciplines, disciplinesLoading, log, logLoading, logError, today, lockedReason }: CheckInCarouselProps) {
  const [requestedIndex, setIndex] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const save = useSaveDayStatus(communityId);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const lockedId = useId();

  useEffect(() => () => clearTimeout(advanceTimer.current), []);

  const count = disciplines.length;
  const index = Math.min(requestedIndex, Math.max(count - 1, 0));
  const discipline = disciplines[index];
  const status = discipline ? statusOf(log?.dayStatus, discipline.key, today.day) : 'Blank';

  const go = (next: number) => {
    clearTimeout(advanceTimer.current);
    setIndex(Math.max(0, Math.min(count - 1, next)));
  };

  const choose = (chosen: DayStatus) => {
    if (!discipline || lockedReason) return;
    const savedIndex = index;
    save.mutate(
      { year: today.year, month: today.month, day: today.day, key: discipline.key, status: chosen },
      {
        onSuccess: () => {
          setAnnouncement(chosen === 'Blank' ? `${discipline.label} cleared for today.` : `${discipline.label} marked ${STATUS_META[chosen].label} for today.`);
          clearTimeout(advanceTimer.current);
          advanceTimer.current = setTimeout(() => {
            setIndex((current) => (current === savedIndex && current < count - 1 ? current + 1 : current));
          }, CAROUSEL_ADVANCE_MS);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  };

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };

  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return;
    go(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-accent-600" aria-hidden="true" />
          Quick Daily Check-in
        </CardTitle>
        <CardDescription>{longDay.format(new Date(today.year, today.month - 1, today.day))}: how did each discipline go today?</CardDescription>
      </CardHeader>
      <CardContent>
        {logError ? (
          <ErrorNote message={logError.message} />
        ) : disciplinesLoading || logLoading ? (
          <LoadingRows rows={3} label="Loading today's check-in" />
        ) : !discipline ? (
          <EmptyNote>This community has no daily disciplines yet.</EmptyNote>
        ) : (
          <div
            role="region"
            aria-roledescription="carousel"
            aria-label="Quick Daily Check-in"
            onKeyDown={onKeyDown}
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
            className="grid touch-pan-y select-none gap-4"
          >
            <div className="flex items-center gap-2">
              <Button variant="outline" size="icon" aria-label="Previous discipline" disabled={index === 0} onClick={() => go(index - 1)}>
                <ChevronLeft aria-hidden="true" />
              </Button>
              <div
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}: ${discipline.label}`}
                className="grid flex-1 justify-items-center gap-1 text-center"
              >
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  Discipline {index + 1} of {count}
                </p>
                <h3 className="text-2xl font-semibold text-primary-900">{discipline.label}</h3>
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  Today:
                  <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold', STATUS_META[status].className)}>
                    {STATUS_META[status].label}
                  </span>
                </p>
              </div>
              <Button variant="outline" size="icon" aria-label="Next discipline" disabled={index >= count - 1} onClick={() => go(index + 1)}>
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>

            {lockedReason ? <ReadOnlyNote id={lockedId}>{lockedReason}</ReadOnlyNote> : null}

            <div role="group" aria-label={`Status of ${discipline.label} for today`} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {STATUS_ORDER.map((option) => {
                const meta = STATUS_META[option];
                const Icon = meta.icon;
                const pressed = status === option;
                return (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={pressed}
                    aria-label={checkInButtonName(discipline.label, option)}
                    aria-describedby={lockedReason ? lockedId : undefined}
                    disabled={lockedReason !== null}
                    onClick={() => choose(option)}
                    className={cn(
                      'flex min-h-12 items-center justify-center gap-2 rounded-xl border-2 px-3 py-2 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                      'disabled:cursor-not-allowed disabled:opacity-55',
                      pressed ? cn(meta.className, 'ring-2 ring-primary-600 ring-offset-1') : 'border-border bg-card text-foreground hover:bg-muted',
                    )}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    {actionLabel(option)}
                  </button>
                );
              })}
            </div>

            <div className="flex justify-center">
              {disciplines.map((item, position) => (
                <button
                  key={item.key}
                  type="button"
                  aria-label={`Show ${item.label}`}
                  aria-current={position === index ? 'step' : undefined}
                  onClick={() => go(position)}
                  className="flex h-10 w-8 items-center justify-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span
                    aria-hidden="true"
                    className={cn('block size-2.5 rounded-full transition-colors', position === index ? 'bg-primary-700' : 'bg-input')}
                  />
                </button>
              ))}
            </div>
            <p className="sr-only" aria-live="polite">
              {announcement}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
