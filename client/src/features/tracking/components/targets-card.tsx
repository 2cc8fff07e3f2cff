import Target from 'lucide-react/icons/target';
import { useId } from 'react';
import type { YearMonth } from '@shared/domain/calendar';
import type { DisciplineTargets, DisciplineView } from '@shared/contracts/tracking';
import { DAILY_TARGET_KEYS, FIXED_TARGETS, MONTHLY_GOAL_KEYS, TARGET_KEYS, type TargetKey, targetKeysOf } from '@shared/domain/disciplines';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/i18n';
import { monthLabel } from '../period';
import { ErrorNote, loadFailureMessage, LoadingRows } from '@/components/ui/states';
import { SecretLock } from './secret-lock';
import { targetName } from '@/i18n/labels';

/** A daily target is free text, or JSON with a `target` (SPEC.md section 3). */
export function targetText(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { target?: unknown; unit?: unknown };
      if (parsed && (typeof parsed.target === 'string' || typeof parsed.target === 'number')) {
        return [parsed.target, typeof parsed.unit === 'string' ? parsed.unit : null].filter((part) => part !== null && part !== '').join(' ');
      }
    } catch {
      // Not JSON after all: show the text itself.
    }
  }
  return text;
}

interface TargetsCardProps {
  targets: DisciplineTargets | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  period: YearMonth;
  memberName: string;
  /** The community's disciplines: those kept in secret get a lock. */
  disciplines: readonly DisciplineView[] | undefined;
  /**
   * The disciplines kept in secret from this viewer (the month's log says which); undefined while unknown, when
   * every secret one is left out. A withheld target is not shown at all: 'Not set' would be a false value.
   */
  withheldKeys: readonly string[] | undefined;
}

/** The targets kept in secret, and those of them this viewer may not see. */
function secrecyOf(disciplines: readonly DisciplineView[], withheldKeys: readonly string[] | undefined) {
  const secret = new Set<TargetKey>(disciplines.filter((discipline) => discipline.isPrivate).flatMap(targetKeysOf));
  const withheld = new Set<TargetKey>(
    disciplines.filter((discipline) => discipline.isPrivate && (withheldKeys === undefined || withheldKeys.includes(discipline.key))).flatMap(targetKeysOf),
  );
  for (const key of withheldKeys ?? []) if ((TARGET_KEYS as readonly string[]).includes(key)) withheld.add(key as TargetKey);
  return { secret, withheld };
}

/** 'Discipline Targets': the member's five daily targets and five monthly goals for the month. */
export function TargetsCard({ targets, isLoading, error, onRetry, period, memberName, disciplines, withheldKeys }: TargetsCardProps) {
  const t = useT();
  const id = useId();
  const { secret, withheld } = secrecyOf(disciplines ?? [], withheldKeys);
  const label = (key: TargetKey) => (
    <dt className="text-sm font-medium">
      {targetName(key)}
      {secret.has(key) ? <SecretLock discipline={{ label: targetName(key), isPrivate: true }} /> : null}
    </dt>
  );
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <Target className="size-5 text-primary-600" aria-hidden="true" />
          {t('Discipline Targets')}
        </CardTitle>
        <CardDescription>
          {t("{name}'s plan for {month}", { name: memberName, month: monthLabel(period.year, period.month) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <ErrorNote message={loadFailureMessage(t('Could not load the targets.'), error)} onRetry={onRetry} />
        ) : isLoading || !targets || !disciplines ? (
          <LoadingRows rows={4} label={t('Loading targets')} />
        ) : (
          <div className="grid gap-5">
            <section aria-labelledby={`${id}-daily`} className="grid gap-2">
              <h3 id={`${id}-daily`} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                {t('Daily')}
              </h3>
              <dl className="grid gap-2">
                {DAILY_TARGET_KEYS.filter((key) => !withheld.has(key)).map((key) => (
                  <div key={key} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-b border-border/70 pb-2 last:border-0">
                    {label(key)}
                    <dd className="text-sm text-muted-foreground">{targetText(targets[key]) ?? t('Not set')}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby={`${id}-monthly`} className="grid gap-2">
              <h3 id={`${id}-monthly`} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                {t('Monthly')}
              </h3>
              <dl className="grid gap-2">
                {MONTHLY_GOAL_KEYS.filter((key) => !withheld.has(key)).map((key) => {
                  const fixed = FIXED_TARGETS[key] ? t(FIXED_TARGETS[key]) : undefined;
                  return (
                    <div key={key} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-b border-border/70 pb-2 last:border-0">
                      {label(key)}
                      <dd className="flex items-center gap-2 text-sm text-muted-foreground">
                        {fixed ?? (targets[key] === 'Yes' ? t('Yes') : t('Not set'))}
                        {fixed ? <Badge variant="outline">{t('Required')}</Badge> : null}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
