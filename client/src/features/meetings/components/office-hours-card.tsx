import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { type AvailabilityWindow, MEETING_SLOTS } from '@shared/domain/meetings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyNote, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { dateFormat, firstDayOfWeek, msg, Trans, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { useOwnAvailability, useSetAvailability } from '../api';

/** The days of the week as the windows number them (0 = Sunday), from the one the reader's week starts on. */
const daysOfWeek = () => Array.from({ length: 7 }, (_, offset) => (firstDayOfWeek() + offset) % 7);
/** 1 -> 'Monday', in the reader's language (1 January 2023 was a Sunday). */
const weekdayName = (dayOfWeek: number) => dateFormat({ weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + dayOfWeek));
/** The server keeps at most 21 windows a week. */
export const MAX_WINDOWS = 21;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

interface WindowRow extends AvailabilityWindow {
  key: number;
}

/** A row's problem (a message to translate where shown), or null: both times set, and the end after the start. */
export function windowError(window: AvailabilityWindow): string | null {
  if (!TIME.test(window.startTime) || !TIME.test(window.endTime)) return msg('Enter a start and an end time.');
  if (window.startTime >= window.endTime) return msg('The end must be after the start.');
  return null;
}

const comparable = (windows: readonly AvailabilityWindow[]) =>
  JSON.stringify(
    windows
      .map(({ dayOfWeek, startTime, endTime }) => ({ dayOfWeek, startTime, endTime }))
      .sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime)),
  );

/**
 * 'Office hours' on My Subgroup, for commanders: weekly windows (weekday, start, end) inside which members
 * may request the SPEC.md meeting times. Saved with PUT /api/user/availability; none means every time.
 */
export function OfficeHoursCard({ communityId, timeZone }: { communityId: string; timeZone: string | undefined }) {
  const t = useT();
  const availability = useOwnAvailability(communityId);
  // Held here: the form below is remounted with the saved windows once a save lands.
  const save = useSetAvailability(communityId);
  // 09:00 to 11:00 and 14:00 to 19:00 (SPEC.md section 9: no 12:00 or 13:00).
  const slots = { morningFrom: MEETING_SLOTS[0], morningTo: MEETING_SLOTS[2], afternoonFrom: MEETING_SLOTS[3], afternoonTo: MEETING_SLOTS.at(-1) };
  return (
    <Card>
      <CardHeader className="px-4 pb-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 shrink-0 text-primary-600" aria-hidden="true" />
          {t('Office hours')}
        </CardTitle>
        <CardDescription>
          {t(
            'Members of your subgroup can request a one-hour meeting starting on the hour from {morningFrom} to {morningTo} and from {afternoonFrom} to {afternoonTo}. With office hours set, they are offered only the times inside your windows that you have not booked yet. Without office hours, every one of those times is offered.',
            slots,
          )}
          {timeZone ? ` ${t("Times are in the community's time zone ({zone}).", { zone: timeZone })}` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {availability.error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/20 bg-destructive-50 p-4 text-sm text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            <span className="flex-1">{t('We could not load your office hours.')}</span>
            <Button variant="outline" onClick={() => void availability.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : availability.isPending ? (
          <LoadingRows rows={2} label={t('Loading your office hours')} />
        ) : (
          // Remounted after a save or a fresh read, so the rows start from what the server holds.
          <OfficeHoursForm key={availability.dataUpdatedAt} save={save} saved={availability.data.windows} />
        )}
      </CardContent>
    </Card>
  );
}

function OfficeHoursForm({ save, saved }: { save: ReturnType<typeof useSetAvailability>; saved: readonly AvailabilityWindow[] }) {
  const t = useT();
  const id = useId();
  const nextKey = useRef(saved.length);
  const [rows, setRows] = useState<WindowRow[]>(() => saved.map((window, index) => ({ ...window, key: index })));
  const [showErrors, setShowErrors] = useState(false);
  const changed = useMemo(() => comparable(rows) !== comparable(saved), [rows, saved]);

  const update = (key: number, patch: Partial<AvailabilityWindow>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));
  const add = () =>
    setRows((current) => {
      const last = current.at(-1);
      const key = nextKey.current++;
      return [...current, last ? { key, dayOfWeek: (last.dayOfWeek + 1) % 7, startTime: last.startTime, endTime: last.endTime } : { key, dayOfWeek: 1, startTime: '09:00', endTime: '17:00' }];
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rows.some((row) => windowError(row))) {
      setShowErrors(true);
      return;
    }
    const windows = rows.map(({ dayOfWeek, startTime, endTime }) => ({ dayOfWeek, startTime, endTime }));
    save.mutate(windows, {
      onSuccess: (result) =>
        toast({
          title: t('Office Hours Saved'),
          description:
            result.windows.length === 0
              ? t('Without office hours, members are offered every meeting time.')
              : t(
                  '{count, plural, one {Members are offered the meeting times inside your window.} other {Members are offered the meeting times inside your # windows.}}',
                  { count: result.windows.length },
                ),
          variant: 'success',
        }),
      onError: (error) => toastError(t('Save Failed'), error, t('Failed to save office hours')),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {rows.length === 0 ? (
        <EmptyNote>{t('No office hours set: members are offered every meeting time.')}</EmptyNote>
      ) : (
        <ul aria-label={t('Weekly windows')} className="grid gap-3">
          {rows.map((row, index) => {
            const error = showErrors ? windowError(row) : null;
            const rowId = `${id}-${row.key}`;
            const number = index + 1;
            return (
              // On a phone the day and Remove share the first line and the two times the second, so each time has
              // the width its value and picker need; from 640 px all four sit on one line.
              <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 rounded-xl border border-border p-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,1fr)_auto]">
                <div className="grid gap-1.5">
                  <label htmlFor={`${rowId}-day`} className="text-sm font-medium">
                    <Trans id="Day <0>of window {number}</0>" values={{ number }} components={{ 0: <span className="sr-only" /> }} />
                  </label>
                  <NativeSelect id={`${rowId}-day`} value={row.dayOfWeek} onChange={(event) => update(row.key, { dayOfWeek: Number(event.target.value) })}>
                    {daysOfWeek().map((dayOfWeek) => (
                      <option key={dayOfWeek} value={dayOfWeek}>
                        {weekdayName(dayOfWeek)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="col-span-2 grid grid-cols-2 items-end gap-3 sm:col-span-1 sm:contents">
                  <div className="grid gap-1.5">
                    <label htmlFor={`${rowId}-start`} className="text-sm font-medium">
                      <Trans id="From <0>(window {number})</0>" values={{ number }} components={{ 0: <span className="sr-only" /> }} />
                    </label>
                    <Input
                      id={`${rowId}-start`}
                      type="time"
                      step={60}
                      value={row.startTime}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${rowId}-error` : undefined}
                      onChange={(event) => update(row.key, { startTime: event.target.value })}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <label htmlFor={`${rowId}-end`} className="text-sm font-medium">
                      <Trans id="Until <0>(window {number})</0>" values={{ number }} components={{ 0: <span className="sr-only" /> }} />
                    </label>
                    <Input
                      id={`${rowId}-end`}
                      type="time"
                      step={60}
                      value={row.endTime}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${rowId}-error` : undefined}
                      onChange={(event) => update(row.key, { endTime: event.target.value })}
                    />
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="col-start-2 row-start-1 size-11 text-destructive hover:bg-destructive-50 sm:col-start-4"
                  aria-label={t('Remove window {number} ({day})', { number, day: weekdayName(row.dayOfWeek) })}
                  onClick={() => remove(row.key)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
                {error ? (
                  <p id={`${rowId}-error`} className="col-span-2 text-sm font-medium text-destructive sm:col-span-4">
                    {t(error)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button variant="outline" onClick={add} disabled={rows.length >= MAX_WINDOWS}>
          <Plus aria-hidden="true" />
          {t('Add window')}
        </Button>
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? t('Saving...') : t('Save office hours')}
        </Button>
        {changed && !save.isPending ? <p className="text-sm text-muted-foreground sm:ml-2">{t('You have unsaved changes.')}</p> : null}
      </div>
    </form>
  );
}
