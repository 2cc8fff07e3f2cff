import ListChecks from 'lucide-react/icons/list-checks';
import { useId } from 'react';
import type { YearMonth } from '@shared/domain/calendar';
import type { DailyLogView } from '@shared/contracts/tracking';
import { FIXED_TARGETS, MONTHLY_GOAL_KEYS, type MonthlyGoalKey } from '@shared/domain/disciplines';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { useT } from '@/i18n';
import { type CompletionGoals, useSaveCompletionGoals } from '../api';
import { monthLabel } from '../period';
import { READ_ONLY_NOTICE_ID } from '../use-tracking-screen';
import { ErrorNote, LoadingRows, ReadOnlyNote } from '@/components/ui/states';
import { targetName } from '@/i18n/labels';

interface CompletionGoalsCardProps {
  communityId: string | null;
  /** Oneself: the card is shown only there (SPEC.md section 6). */
  userId: string;
  period: YearMonth;
  log: DailyLogView | undefined;
  logLoading: boolean;
  logError: Error | null;
  onRetry: () => void;
  /** Locked for this member: the page's one read-only notice says why (READ_ONLY_NOTICE_ID). */
  locked: boolean;
  /** Another reason the goals cannot be changed now (a future month), said in the card, or null. */
  disabledReason: string | null;
}

/** 'Monthly Completion Goals': the owner ticks the five monthly goals they completed this month. */
export function CompletionGoalsCard({ communityId, userId, period, log, logLoading, logError, onRetry, locked, disabledReason }: CompletionGoalsCardProps) {
  const t = useT();
  const save = useSaveCompletionGoals(communityId, userId);
  const reasonId = useId();
  const goals = Object.fromEntries(MONTHLY_GOAL_KEYS.map((key) => [key, log?.monthlyCompletions[key] === true])) as CompletionGoals;

  const toggle = (key: MonthlyGoalKey, checked: boolean) => save.mutate({ ...period, goals: { ...goals, [key]: checked } });

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <ListChecks className="size-5 text-primary-600" aria-hidden="true" />
          {t('Monthly Completion Goals')}
        </CardTitle>
        <CardDescription>{t('Tick what you completed in {month}.', { month: monthLabel(period.year, period.month) })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {disabledReason && !locked ? <ReadOnlyNote id={reasonId}>{disabledReason}</ReadOnlyNote> : null}
        {logError ? (
          <ErrorNote message={logError.message} onRetry={onRetry} />
        ) : logLoading ? (
          <LoadingRows rows={3} label={t('Loading completion goals')} />
        ) : (
          <ul className="grid gap-2">
            {MONTHLY_GOAL_KEYS.map((key) => {
              const id = `${reasonId}-${key}`;
              const fixed = FIXED_TARGETS[key] ? t(FIXED_TARGETS[key]) : undefined;
              const describedBy = [fixed ? `${id}-hint` : null, locked ? READ_ONLY_NOTICE_ID : disabledReason ? reasonId : null].filter(Boolean).join(' ');
              return (
                <li key={key} className="flex min-h-11 items-center gap-3 rounded-xl border border-border bg-background px-3 py-2">
                  <Checkbox
                    id={id}
                    className="size-5"
                    checked={goals[key]}
                    disabled={locked || disabledReason !== null || save.isPending}
                    aria-describedby={describedBy || undefined}
                    onChange={(event) => toggle(key, event.target.checked)}
                  />
                  <div className="grid flex-1 gap-0.5">
                    <label htmlFor={id} className="cursor-pointer text-sm font-medium">
                      {targetName(key)}
                    </label>
                    {fixed ? (
                      <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                        {t('Required: {target}', { target: fixed })}
                      </span>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
