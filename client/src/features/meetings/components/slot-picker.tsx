import { useId } from 'react';
import { addDays, dateInTimeZone, type IsoDate, zonedInstant } from '@shared/domain/calendar';
import { MEETING_LENGTH_MINUTES } from '@shared/domain/meetings';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorNote } from '@/components/ui/states';
import { msg, useT } from '@/i18n';
import { useFreeSlots } from '../api';

export interface SlotChoice {
  date: IsoDate | null;
  time: string | null;
}

/** The chosen date and slot as the meeting's start and end (one hour), in the community's time zone. */
export function slotToMeetingTimes(choice: { date: IsoDate; time: string }, timeZone: string): { startsAt: string; endsAt: string } {
  const startsAt = zonedInstant(choice.date, choice.time, timeZone);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + MEETING_LENGTH_MINUTES * 60_000).toISOString() };
}

/** The earliest date offered: tomorrow in the community's time zone (SPEC.md section 5). */
export const earliestMeetingDate = (timeZone: string, now = new Date()) => addDays(dateInTimeZone(now, timeZone), 1);

interface SlotPickerProps {
  communityId: string | null;
  commanderId: string | null;
  timeZone: string;
  value: SlotChoice;
  onChange: (choice: SlotChoice) => void;
  /** Field errors from the form (date, time): messages marked with msg(), translated where shown. */
  errors?: { date?: string; time?: string };
}

/**
 * A date (from tomorrow) and one of the SPEC.md time slots that are still free for the commander on that
 * date (their office hours minus their meetings), times in the community's time zone.
 */
export const TOO_EARLY_MESSAGE = msg('Choose a date from tomorrow on');

export function SlotPicker({ communityId, commanderId, timeZone, value, onChange, errors = {} }: SlotPickerProps) {
  const t = useT();
  const id = useId();
  const earliest = earliestMeetingDate(timeZone);
  // A date typed in by hand can be earlier than the picker's minimum: say so here, before any request.
  const tooEarly = value.date !== null && value.date < earliest;
  const dateError = errors.date ?? (tooEarly ? TOO_EARLY_MESSAGE : undefined);
  const slots = useFreeSlots(communityId, commanderId, tooEarly ? null : value.date);
  const dateId = `${id}-date`;
  const timeId = `${id}-time`;
  const free = slots.data?.slots ?? [];
  const zoneHint = t("Times are in the community's time zone ({zone}).", { zone: timeZone });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={dateId} label={t('Preferred date')} error={dateError}>
        <Input
          {...fieldProps(dateId, { error: dateError })}
          type="date"
          min={earliest}
          value={value.date ?? ''}
          onChange={(event) => onChange({ date: event.target.value || null, time: null })}
        />
      </FormField>
      <FormField id={timeId} label={t('Preferred time')} hint={zoneHint} error={errors.time}>
        <NativeSelect
          {...fieldProps(timeId, { hint: zoneHint, error: errors.time })}
          value={value.time ?? ''}
          disabled={!value.date || tooEarly || slots.isPending}
          onChange={(event) => onChange({ date: value.date, time: event.target.value || null })}
        >
          <option value="">{!value.date || tooEarly ? t('Choose a date first') : slots.isPending ? t('Loading free times…') : free.length === 0 ? t('No free time that day') : t('Choose a time')}</option>
          {free.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {slots.error ? (
        <div className="sm:col-span-2">
          <ErrorNote message={t('We could not load the free times.')} onRetry={() => void slots.refetch()} />
        </div>
      ) : null}
    </div>
  );
}
