import Activity from 'lucide-react/icons/activity';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, loadFailureMessage, LoadingRows } from '@/components/ui/states';
import { useT } from '@/i18n';
import { formatDateTime, timeAgo } from '@/lib/dates';
import { useCommunityActivity } from '../api';
import { activitySentence } from '../activity-sentence';

/** Recent Activity on the Overview (admins): who changed what in the community, newest first, from the audit log. */
export function RecentActivityCard({ communityId }: { communityId: string }) {
  const t = useT();
  const activity = useCommunityActivity(communityId);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('Recent Activity')}</CardTitle>
        <CardDescription>{t('Who changed what in your community, newest first.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {activity.error && entries.length === 0 ? (
          <ErrorNote message={loadFailureMessage(t('We could not load the recent activity.'), activity.error)} onRetry={() => void activity.refetch()} />
        ) : activity.isPending ? (
          <LoadingRows label={t('Loading recent activity')} />
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-10 text-center">
            <Activity className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('No recent activity')}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{t('New members, roles, subgroups, locks and settings will appear here as your community grows.')}</p>
          </div>
        ) : (
          <>
            <ol aria-label={t('Recent activity')} className="grid divide-y divide-border">
              {entries.map((entry) => (
                <li key={entry.id} className="grid gap-0.5 py-3 first:pt-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
                  <span className="min-w-0 text-sm [overflow-wrap:anywhere]">{activitySentence(entry)}</span>
                  <time dateTime={entry.at} title={formatDateTime(entry.at)} className="text-xs text-muted-foreground sm:text-right sm:text-sm">
                    {timeAgo(entry.at)}
                  </time>
                </li>
              ))}
            </ol>
            {activity.error ? <ErrorNote message={loadFailureMessage(t('We could not load more activity.'), activity.error)} onRetry={() => void activity.fetchNextPage()} /> : null}
            {activity.hasNextPage ? (
              <Button variant="outline" className="justify-self-start" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
                {activity.isFetchingNextPage ? t('Loading…') : t('Show older activity')}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
