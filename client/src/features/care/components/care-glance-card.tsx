import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { dateFormat, useT } from '@/i18n';
import { cn } from '@/lib/utils';
import { useCareGlance } from '../api';

/**
 * "Your care" on /reports (issue 26): for the subgroups a commander leads, month by month, the reflections
 * their members wrote on that month and how many were answered (by them or an admin), and the days someone reached out
 * to a member who needed a word. Counts only; nothing shows when the viewer leads no subgroup.
 */
export function CareGlanceCard({ communityId, subgroupId }: { communityId: string; /** One subgroup's (an admin's choice), instead of those the viewer leads. */ subgroupId?: string }) {
  const t = useT();
  const glance = useCareGlance(communityId, true, subgroupId);
  if (glance.data?.subgroups === 0) return null;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartHandshake className="size-5 text-primary-600" aria-hidden="true" />
          {t('Your care')}
        </CardTitle>
        <CardDescription>
          {t(
            'The last six months of your subgroup: reflections written on each month and how many were answered, and the days someone reached out to a member who needed a word.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {glance.error ? (
          <ErrorNote message={t('We could not load your care at a glance.')} onRetry={() => void glance.refetch()} />
        ) : !glance.data ? (
          <LoadingRows rows={3} label={t('Loading your care at a glance')} />
        ) : (
          // A table of its own rather than the reports' DataTable: its headings wrap, so four columns fit a phone.
          <table className="w-full text-sm" aria-label={t('Your care, month by month')}>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                {[t('Month'), t('Reflections written'), t('Answered'), t('Reached out')].map((column, index) => (
                  <th key={column} scope="col" className={cn('py-2 align-bottom font-medium', index === 0 ? 'pr-3 text-left' : 'px-1 text-right')}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...glance.data.months].reverse().map((month) => (
                <tr key={`${month.year}-${month.month}`} className="border-b border-border last:border-0">
                  <th scope="row" className="whitespace-nowrap py-2 pr-3 text-left font-medium">
                    {dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(month.year, month.month - 1, 1))}
                  </th>
                  {[month.reflectionsWritten, month.reflectionsAcknowledged, month.reachedOut].map((count, index) => (
                    <td key={index} className="px-1 py-2 text-right tabular-nums">
                      {count}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
