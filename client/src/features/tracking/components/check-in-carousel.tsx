import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Check from 'lucide-react/icons/check';
import PartyPopper from 'lucide-react/icons/party-popper';
import Sparkles from 'lucide-react/icons/sparkles';
import { type KeyboardEvent, type TouchEvent, useEffect, useRef, useState } from 'react';
import type { DailyLogView, DisciplineView } from '@shared/contracts/tracking';
import { CAROUSEL_ADVANCE_MS, type DayStatus, SWIPE_THRESHOLD_PX } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { dateFormat, type Translate, useT } from '@/i18n';
import { cn } from '@/lib/utils';
import { useSaveDayStatus } from '../api';
import { actionLabel, STATUS_META, STATUS_ORDER, statusOf } from '../status';
import { EmptyNote, ErrorNote, LoadingRows } from '@/components/ui/states';
import { SecretLock } from './secret-lock';
import { READ_ONLY_NOTICE_ID } from '../use-tracking-screen';

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
  onRetry: () => void;
  /** The month is locked for this member: the statuses are shown but cannot change (the page says why). */
  locked: boolean;
}

/** The name of the control that sets `status` for today: 'Mark Bible Reading Yes for today', 'Clear Bible Reading for today'. */
export function checkInButtonName(label: string, status: DayStatus, t: Translate): string {
  return status === 'Blank'
    ? t('Clear {discipline} for today', { discipline: label })
    : t('Mark {discipline} {status} for today', { discipline: label, status: t(STATUS_META[status].label) });
}

/**
 * 'Quick Daily Check-in' (SPEC.md section 4): one daily discipline at a time for today. It opens on the
 * first discipline not yet set today (or on 'All done for today'). After a successful save it moves on
 * 500 ms later: to the next discipline, and after the last to 'All done for today' once every one is set.
 * Previous/next buttons, the Left and Right arrow keys, the dots and horizontal swipes of at least 50 px
 * move it too.
 */
export function CheckInCarousel({ communityId, disciplines, disciplinesLoading, log, logLoading, logError, onRetry, today, locked }: CheckInCarouselProps) {
  // null until someone moves it: then it follows the first discipline not yet set today.
  const t = useT();
  const [requestedIndex, setIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const save = useSaveDayStatus(communityId);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => () => clearTimeout(advanceTimer.current), []);

  const count = disciplines.length;
  const statusToday = (key: string) => statusOf(log?.dayStatus, key, today.day);
  const firstUnset = disciplines.findIndex((item) => statusToday(item.key) === 'Blank');
  const allDone = count > 0 && firstUnset === -1;
  /** Index `count` is the 'All done for today' slide. */
  const doneIndex = count;
  const index = Math.min(requestedIndex ?? (allDone ? doneIndex : Math.max(firstUnset, 0)), allDone ? doneIndex : Math.max(count - 1, 0));
  const discipline = index < count ? disciplines[index] : undefined;
  const status = discipline ? statusToday(discipline.key) : 'Blank';
  const lastIndex = allDone ? doneIndex : count - 1;

  const go = (next: number) => {
    clearTimeout(advanceTimer.current);
    setIndex(Math.max(0, Math.min(lastIndex, next)));
  };

  const choose = (chosen: DayStatus) => {
    if (!discipline || locked) return;
    const savedIndex = index;
    // From the first choice on, the carousel stays where the member is (the saved status no longer moves it).
    setIndex(savedIndex);
    save.mutate(
      { year: today.year, month: today.month, day: today.day, key: discipline.key, status: chosen },
      {
        onSuccess: (saved) => {
          const values = { discipline: discipline.label, status: t(STATUS_META[chosen].label) };
          if (saved === 'queued') {
            setAnnouncement(
              chosen === 'Blank'
                ? t('{discipline} cleared for today. Waiting to sync: it is sent when you are back online.', values)
                : t('{discipline} marked {status} for today. Waiting to sync: it is sent when you are back online.', values),
            );
          } else {
            setAnnouncement(chosen === 'Blank' ? t('{discipline} cleared for today.', values) : t('{discipline} marked {status} for today.', values));
          }
          if (chosen === 'Blank') return;
          // Kept offline: the month on screen already shows it (the optimistic change stays).
          const everySet = disciplines.every((item) => (item.key === discipline.key ? chosen : statusOf(saved === 'queued' ? log?.dayStatus : saved.dayStatus, item.key, today.day)) !== 'Blank');
          clearTimeout(advanceTimer.current);
          advanceTimer.current = setTimeout(() => {
            setIndex((current) => {
              if (current !== savedIndex) return current;
              if (current < count - 1) return current + 1;
              return everySet ? count : current;
            });
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
          {t('Quick Daily Check-in')}
        </CardTitle>
        <CardDescription>
          {t('{date}: how did each discipline go today?', {
            date: dateFormat({ weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(today.year, today.month - 1, today.day)),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {logError ? (
          <ErrorNote message={logError.message} onRetry={onRetry} />
        ) : disciplinesLoading || logLoading ? (
          <LoadingRows rows={3} label={t("Loading today's check-in")} />
        ) : count === 0 ? (
          <EmptyNote>{t('This community has no daily disciplines yet.')}</EmptyNote>
        ) : (
          <div
            role="region"
            aria-roledescription={t('carousel')}
            aria-label={t('Quick Daily Check-in')}
            onKeyDown={onKeyDown}
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
            className="grid touch-pan-y select-none gap-4"
          >
            <div className="flex items-center gap-2">
              <Button variant="outline" size="icon" aria-label={t('Previous discipline')} disabled={index === 0} onClick={() => go(index - 1)}>
                <ChevronLeft aria-hidden="true" />
              </Button>
              {discipline ? (
                <div
                  role="group"
                  aria-roledescription={t('slide')}
                  aria-label={t('{position} of {count}: {discipline}', { position: index + 1, count, discipline: discipline.label })}
                  className="grid min-w-0 flex-1 justify-items-center gap-1 text-center"
                >
                  <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                    {t('Discipline {position} of {count}', { position: index + 1, count })}
                  </p>
                  <h3 className="max-w-full truncate text-2xl font-semibold text-primary-900" title={discipline.label}>
                    {discipline.label}
                    <SecretLock discipline={discipline} />
                  </h3>
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    {t('Today:')}
                    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold', STATUS_META[status].className)}>
                      {t(STATUS_META[status].label)}
                    </span>
                  </p>
                </div>
              ) : (
                <div role="group" aria-roledescription={t('slide')} aria-label={t('All done for today')} className="grid min-w-0 flex-1 justify-items-center gap-1 text-center">
                  <PartyPopper className="size-8 text-accent-600" aria-hidden="true" />
                  <h3 className="text-2xl font-semibold text-primary-900">{t('All done for today')}</h3>
                  <p className="text-sm text-muted-foreground">
                    {t('You checked in all {count} disciplines. Keep walking steadfastly.', { count })}
                  </p>
                </div>
              )}
              <Button variant="outline" size="icon" aria-label={t('Next discipline')} disabled={index >= lastIndex} onClick={() => go(index + 1)}>
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>

            {discipline ? (
              <div role="group" aria-label={t('Status of {discipline} for today', { discipline: discipline.label })} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {STATUS_ORDER.map((option) => {
                  const meta = STATUS_META[option];
                  const Icon = meta.icon;
                  // Clear is an action, not a status to choose: it is never shown as chosen, and has nothing to do while unset.
                  const isClear = option === 'Blank';
                  const chosen = !isClear && status === option;
                  return (
                    <button
                      key={option}
                      type="button"
                      aria-pressed={isClear ? undefined : chosen}
                      aria-label={checkInButtonName(discipline.label, option, t)}
                      aria-describedby={locked ? READ_ONLY_NOTICE_ID : undefined}
                      disabled={locked || (isClear && status === 'Blank')}
                      onClick={() => choose(option)}
                      className={cn(
                        'flex min-h-12 items-center justify-center gap-2 rounded-xl border-2 px-3 py-2 text-sm font-medium transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-dashed',
                        'disabled:cursor-not-allowed disabled:opacity-55',
                        chosen ? cn(meta.className, 'font-semibold shadow-inner') : 'border-border bg-card text-foreground hover:bg-muted',
                      )}
                    >
                      {chosen ? <Check className="size-4 shrink-0" aria-hidden="true" /> : <Icon className="size-4 shrink-0" aria-hidden="true" />}
                      {t(actionLabel(option))}
                    </button>
                  );
                })}
              </div>
            ) : (
              <Button variant="outline" className="justify-self-center" onClick={() => go(0)}>
                {t("Review today's check-in")}
              </Button>
            )}

            <div className="flex justify-center">
              {disciplines.map((item, position) => (
                <button
                  key={item.key}
                  type="button"
                  aria-label={t('Show {discipline}', { discipline: item.label })}
                  aria-current={position === index ? 'step' : undefined}
                  onClick={() => go(position)}
                  className="flex h-10 w-8 items-center justify-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'block size-2.5 rounded-full transition-colors',
                      position === index ? 'bg-primary-700' : statusToday(item.key) !== 'Blank' ? 'bg-primary-300' : 'bg-input',
                    )}
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
