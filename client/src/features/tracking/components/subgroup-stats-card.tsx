import UsersRound from 'lucide-react/icons/users-round';
import type { YearMonth } from '@shared/domain/calendar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLongDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useMemberStats } from '../api';
import { monthLabel } from '../period';
import { EmptyNote, ErrorNote, LoadingRows } from '@/components/ui/states';

export type StreakTier = '10+' | '5+' | '2+' | 'under-2';

/** SPEC.md section 9: commander stats are coloured by the streak thresholds 10+, 5+ and 2+ days. */
export function streakTier(streak: number): { tier: StreakTier; className: string; description: string } {
  if (streak >= 10) return { tier: '10+', className: 'border-success bg-success text-success-foreground', description: '10 days or more' };
  if (streak >= 5) return { tier: '5+', className: 'border-primary-200 bg-primary-100 text-primary-800', description: '5 to 9 days' };
  if (streak >= 2) return { tier: '2+', className: 'border-accent-200 bg-accent-100 text-accent-700', description: '2 to 4 days' };
  return { tier: 'under-2', className: 'border-border bg-muted text-muted-foreground', description: 'under 2 days' };
}

const COLUMNS = ['Member', 'Last Updated', 'Streak', 'Completion', 'This Week', 'Last Week'] as const;

interface SubgroupStatsCardProps {
  communityId: string | null;
  /** The commander whose subgroups are shown: the signed-in commander or admin. */
  commanderId: string;
  period: YearMonth;
}

/** The commander-only section of the dashboard: each subgroup member's month at a glance. */
export function SubgroupStatsCard({ communityId, commanderId, period }: SubgroupStatsCardProps) {
  // The stats hold a row per subgroup member, so they also tell whether the subgroup is empty.
  const stats = useMemberStats(communityId, commanderId, period);

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <UsersRound className="size-5 text-primary-600" aria-hidden="true" />
          Subgroup Statistics
        </CardTitle>
        <CardDescription>How the members you lead kept their disciplines in {monthLabel(period.year, period.month)}.</CardDescription>
      </CardHeader>
      <CardContent>
        {stats.error ? (
          <ErrorNote message={`Could not load your subgroup statistics. ${stats.error.message}`} onRetry={() => void stats.refetch()} />
        ) : stats.isPending ? (
          <LoadingRows rows={3} label="Loading subgroup statistics" />
        ) : stats.data.length === 0 ? (
          <EmptyNote>No members are in your subgroup yet. Once members are assigned to your subgroup, their progress shows here.</EmptyNote>
        ) : (
          // A region that scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
          <div role="region" aria-label={`Subgroup statistics, ${monthLabel(period.year, period.month)}`} tabIndex={0} className="-mx-2 overflow-x-auto px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Subgroup statistics for {monthLabel(period.year, period.month)}</caption>
              <thead>
                <tr className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
                  {COLUMNS.map((column, index) => (
                    <th key={column} scope="col" className={cn('py-2 font-medium', index < COLUMNS.length - 1 && 'pr-3')}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {stats.data.map((stat) => {
                  const tier = streakTier(stat.streak);
                  return (
                    <tr key={stat.id} className="border-b border-border/70 last:border-0">
                      <th scope="row" className="py-3 pr-3 font-medium">
                        {stat.displayName}
                      </th>
                      <td className="py-3 pr-3 text-muted-foreground">{stat.lastUpdated ? formatLongDate(stat.lastUpdated) : 'Never'}</td>
                      <td className="py-3 pr-3">
                        <span
                          data-streak-tier={tier.tier}
                          title={`Streak ${tier.description}`}
                          className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', tier.className)}
                        >
                          {stat.streak} {stat.streak === 1 ? 'day' : 'days'}
                        </span>
                      </td>
                      <td className="py-3 pr-3">{stat.completionPercent}%</td>
                      <td className="py-3 pr-3">{stat.weeklyStats.thisWeek}</td>
                      <td className="py-3">{stat.weeklyStats.lastWeek}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
