import UsersRound from 'lucide-react/icons/users-round';
import type { YearMonth } from '@shared/domain/calendar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { msg, type Translate, useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { useMemberStats } from '../api';
import { monthLabel } from '../period';
import { EmptyNote, ErrorNote, loadFailureMessage, LoadingRows } from '@/components/ui/states';

export type StreakTier = '10+' | '5+' | '2+' | 'under-2';

/** SPEC.md section 9: commander stats are coloured by the streak thresholds 10+, 5+ and 2+ days; `title` is a message, shown with t(). */
export function streakTier(streak: number): { tier: StreakTier; className: string; title: string } {
  if (streak >= 10) return { tier: '10+', className: 'border-success bg-success text-success-foreground', title: msg('Streak 10 days or more') };
  if (streak >= 5) return { tier: '5+', className: 'border-primary-200 bg-primary-100 text-primary-800', title: msg('Streak 5 to 9 days') };
  if (streak >= 2) return { tier: '2+', className: 'border-accent-200 bg-accent-100 text-accent-700', title: msg('Streak 2 to 4 days') };
  return { tier: 'under-2', className: 'border-border bg-muted text-muted-foreground', title: msg('Streak under 2 days') };
}

const COLUMNS = [msg('Member'), msg('Last Updated'), msg('Streak'), msg('Completion'), msg('This Week'), msg('Last Week')] as const;
/** From here the six columns fit the card; narrower, each member is a card of their own. */
const TABLE_QUERY = '(min-width: 768px)';

const lastUpdated = (date: string | null, t: Translate) => (date ? formatLongDate(date) : t('Never'));

/** The streak, coloured by its tier (SPEC.md section 9). */
function StreakBadge({ streak }: { streak: number }) {
  const t = useT();
  const tier = streakTier(streak);
  return (
    <span data-streak-tier={tier.tier} title={t(tier.title)} className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', tier.className)}>
      {t('{count, plural, one {# day} other {# days}}', { count: streak })}
    </span>
  );
}

interface SubgroupStatsCardProps {
  communityId: string | null;
  /** The commander whose subgroups are shown: the signed-in commander or admin. */
  commanderId: string;
  period: YearMonth;
}

/** The commander-only section of the dashboard: each subgroup member's month at a glance. */
export function SubgroupStatsCard({ communityId, commanderId, period }: SubgroupStatsCardProps) {
  // The stats hold a row per subgroup member, so they also tell whether the subgroup is empty.
  const t = useT();
  const stats = useMemberStats(communityId, commanderId, period);
  const month = monthLabel(period.year, period.month);
  const wide = useMediaQuery(TABLE_QUERY);

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <UsersRound className="size-5 text-primary-600" aria-hidden="true" />
          {t('Subgroup Statistics')}
        </CardTitle>
        <CardDescription>{t('How the members you lead kept their disciplines in {month}.', { month })}</CardDescription>
      </CardHeader>
      <CardContent>
        {stats.error ? (
          <ErrorNote message={loadFailureMessage(t('Could not load your subgroup statistics.'), stats.error)} onRetry={() => void stats.refetch()} />
        ) : stats.isPending ? (
          <LoadingRows rows={3} label={t('Loading subgroup statistics')} />
        ) : stats.data.length === 0 ? (
          <EmptyNote>{t('No members are in your subgroup yet. Once members are assigned to your subgroup, their progress shows here.')}</EmptyNote>
        ) : wide ? (
          // From 768 px a table; where the card is still narrower than the table (its two-thirds column from 1024 px)
          // the table scrolls inside this region, which is focusable so the keyboard can scroll it too.
          <div role="region" aria-label={t('Subgroup statistics, {month}', { month })} tabIndex={0} className="-mx-2 overflow-x-auto px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t('Subgroup statistics for {month}', { month })}</caption>
              <thead>
                <tr className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
                  {COLUMNS.map((column, index) => (
                    <th key={column} scope="col" className={cn('py-2 font-medium', index < COLUMNS.length - 1 && 'pr-3')}>
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {stats.data.map((stat) => (
                  <tr key={stat.id} className="border-b border-border/70 last:border-0">
                    <th scope="row" className="py-3 pr-3 font-medium">
                      {stat.displayName}
                    </th>
                    <td className="py-3 pr-3 text-muted-foreground">{lastUpdated(stat.lastUpdated, t)}</td>
                    <td className="py-3 pr-3">
                      <StreakBadge streak={stat.streak} />
                    </td>
                    <td className="py-3 pr-3">{stat.completionPercent}%</td>
                    <td className="py-3 pr-3">{stat.weeklyStats.thisWeek}</td>
                    <td className="py-3">{stat.weeklyStats.lastWeek}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          // On a phone each member is a small card with the same figures, so none is cut off at the edge.
          <ul aria-label={t('Subgroup statistics, {month}', { month })} className="grid gap-3">
            {stats.data.map((stat) => (
              <li key={stat.id} className="grid gap-3 rounded-xl border border-border bg-background p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words font-medium">{stat.displayName}</span>
                  <StreakBadge streak={stat.streak} />
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  {(
                    [
                      [t('Last Updated'), lastUpdated(stat.lastUpdated, t)],
                      [t('Completion'), `${stat.completionPercent}%`],
                      [t('This Week'), String(stat.weeklyStats.thisWeek)],
                      [t('Last Week'), String(stat.weeklyStats.lastWeek)],
                    ] as const
                  ).map(([term, value]) => (
                    <div key={term} className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">{term}</dt>
                      <dd className="font-medium">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
