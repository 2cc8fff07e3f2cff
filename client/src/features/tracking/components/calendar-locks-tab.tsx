import CalendarClock from 'lucide-react/icons/calendar-clock';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Lock from 'lucide-react/icons/lock';
import LockOpen from 'lucide-react/icons/lock-open';
import { type FormEvent, useId, useState } from 'react';
import type { CalendarLockView } from '@shared/contracts/tracking';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { useCalendarLocks, useLockMonth, useToggleLock } from '../api';
import { lockYears, monthLabel, useToday } from '../period';
import { EmptyNote, ErrorNote, loadFailureMessage, LoadingRows } from '@/components/ui/states';
import { MonthOptions, YearOptions } from './period-options';

/**
 * Administration > 'Calendar Locks': lock a month (months 1 to 12, years from the current one minus 2
 * to plus 2, an optional reason) and unlock or re-lock the months locked before. Locked months are
 * read-only for everyone but admins.
 */
export function CalendarLocksTab({ communityId }: { communityId: string }) {
  const t = useT();
  const locks = useCalendarLocks(communityId);
  const lockMonth = useLockMonth(communityId);
  const toggle = useToggleLock(communityId);
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  const { year: currentYear } = useToday();

  const selected = month && year ? { month: Number(month), year: Number(year) } : null;
  const alreadyLocked = selected !== null && (locks.data ?? []).some((lock) => lock.isLocked && lock.month === selected.month && lock.year === selected.year);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected) {
      toast({ title: t('Invalid Selection'), description: t('Please select a valid month and year.'), variant: 'destructive' });
      return;
    }
    if (alreadyLocked) return;
    lockMonth.mutate({ ...selected, reason: reason.trim() || null }, { onSuccess: () => setReason('') });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="pb-4">
          <CardTitle className="flex items-center gap-2">
            <Lock className="size-5 text-primary-600" aria-hidden="true" />
            {t('Lock a Month')}
          </CardTitle>
          <CardDescription>{t('A locked month is read-only for members; admins can still correct it.')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-month`} label={t('Month')}>
              <NativeSelect id={`${id}-month`} value={month} onChange={(event) => setMonth(event.target.value)}>
                <option value="">{t('Select a month')}</option>
                <MonthOptions />
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-year`} label={t('Year')}>
              <NativeSelect id={`${id}-year`} value={year} onChange={(event) => setYear(event.target.value)}>
                <option value="">{t('Select a year')}</option>
                <YearOptions years={lockYears(currentYear)} />
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-reason`} label={t('Reason (optional)')} className="sm:col-span-2">
              <Input
                id={`${id}-reason`}
                value={reason}
                maxLength={500}
                placeholder={t('e.g. Quarter closed')}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormField>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={alreadyLocked || lockMonth.isPending}>
                {lockMonth.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
                {alreadyLocked ? t('Already Locked') : lockMonth.isPending ? t('Locking...') : t('Lock Month')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-4">
          <CardTitle className="flex items-center gap-2">
            <CalendarClock className="size-5 text-primary-600" aria-hidden="true" />
            {t('Calendar Locks')}
          </CardTitle>
          <CardDescription>{t('Months locked in this community, newest first.')}</CardDescription>
        </CardHeader>
        <CardContent>
          {locks.error ? (
            <ErrorNote message={loadFailureMessage(t('Could not load the calendar locks.'), locks.error)} onRetry={() => void locks.refetch()} />
          ) : locks.isPending ? (
            <LoadingRows rows={2} label={t('Loading calendar locks')} />
          ) : locks.data.length === 0 ? (
            <EmptyNote>{t('No month has been locked yet.')}</EmptyNote>
          ) : (
            <ul className="grid gap-3" aria-label={t('Calendar locks')}>
              {locks.data.map((lock) => (
                <LockRow key={lock.id} lock={lock} pending={toggle.isPending && toggle.variables?.id === lock.id} onToggle={() => toggle.mutate(lock)} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function LockRow({ lock, pending, onToggle }: { lock: CalendarLockView; pending: boolean; onToggle: () => void }) {
  const t = useT();
  const label = monthLabel(lock.year, lock.month);
  const date = formatLongDate(lock.lockedAt);
  const lockedText = lock.lockedBy
    ? lock.isLocked
      ? t('Locked by {name} on {date}', { name: lock.lockedBy, date })
      : t('Locked by {name} on {date}, now unlocked', { name: lock.lockedBy, date })
    : lock.isLocked
      ? t('Locked by an administrator on {date}', { date })
      : t('Locked by an administrator on {date}, now unlocked', { date });
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{label}</span>
          {lock.isLocked ? (
            <Badge variant="destructive">
              <Lock aria-hidden="true" />
              {t('Locked')}
            </Badge>
          ) : (
            <Badge variant="outline">
              <LockOpen aria-hidden="true" />
              {t('Unlocked')}
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          {/* An unlocked month keeps who locked it and when (the unlock is in the audit log). */}
          {lock.lockedByUserId === null && !lock.isLocked ? t('Never locked') : lockedText}
        </p>
        {lock.reason ? <p className="text-sm">{t('Reason: {reason}', { reason: lock.reason })}</p> : null}
      </div>
      <Button variant="outline" className="sm:self-center" disabled={pending} aria-label={lock.isLocked ? t('Unlock {month}', { month: label }) : t('Lock {month}', { month: label })} onClick={onToggle}>
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : lock.isLocked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {lock.isLocked ? t('Unlock') : t('Lock')}
      </Button>
    </li>
  );
}
