import Flame from 'lucide-react/icons/flame';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import type { IsoDate } from '@shared/domain/calendar';
import { parseIsoDate } from '@shared/domain/calendar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/i18n';
import { dayLabel } from '../period';
import { useStreaks } from '../use-streaks';
import { EmptyNote, ErrorNote, loadFailureMessage, LoadingRows } from '@/components/ui/states';
import { disciplineName } from '@/i18n/labels';

interface StreaksCardProps {
  communityId: string | null;
  /** Null for oneself. */
  userId: string | null;
  /** Today, or the last day of a past month being viewed. */
  asOf: IsoDate;
  isToday: boolean;
}

/** 'Current Streaks': one streak per daily discipline (SPEC.md section 9; DECISIONS.md grace days). */
export function StreaksCard({ communityId, userId, asOf, isToday }: StreaksCardProps) {
  const t = useT();
  const { streaks, isLoading, error, retry } = useStreaks(communityId, userId, asOf);
  const { year, month, day } = parseIsoDate(asOf);

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 pb-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Flame className="size-5 text-accent-600" aria-hidden="true" />
            {t('Current Streaks')}
          </CardTitle>
          <CardDescription>
            {isToday
              ? t('Days in a row with the discipline kept, counting back from today.')
              : t('Days in a row with the discipline kept, counting back from {date}.', { date: dayLabel(year, month, day) })}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {error ? (
          <ErrorNote message={loadFailureMessage(t('Could not load the streaks.'), error)} onRetry={retry} />
        ) : isLoading ? (
          <LoadingRows rows={3} label={t('Loading streaks')} />
        ) : streaks.length === 0 ? (
          <EmptyNote>{t('This community has no daily disciplines yet.')}</EmptyNote>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {streaks.map((streak) => (
              <li key={streak.key} className="flex items-center justify-between gap-3 rounded-xl border border-border bg-background px-4 py-3">
                <div className="grid gap-1">
                  <span className="font-medium">{disciplineName(streak.label)}</span>
                  {streak.keptWithGrace ? (
                    <Badge variant="accent" className="w-fit">
                      <HeartHandshake aria-hidden="true" />
                      {t('kept with grace')}
                    </Badge>
                  ) : null}
                </div>
                <span className="flex items-center gap-1.5 text-lg font-semibold text-primary-800" data-testid={`streak-${streak.key}`}>
                  <Flame className={streak.days > 0 ? 'size-4 text-accent-600' : 'size-4 text-muted-foreground'} aria-hidden="true" />
                  {t('{count, plural, one {# day} other {# days}}', { count: streak.days })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
