import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { DataTable } from '@/features/reports/components/chart-card';
import { MONTH_NAMES } from '@/features/tracking/period';
import { useCareGlance } from '../api';

/**
 * "Your care" on /reports (issue 26): for the subgroups a commander leads, month by month, the reflections
 * their members wrote on that month and how many the commander answered, and the days someone reached out
 * to a member who needed a word. Counts only; nothing shows when the viewer leads no subgroup.
 */
export function CareGlanceCard({ communityId }: { communityId: string }) {
  const glance = useCareGlance(communityId);
  if (glance.data?.subgroups === 0) return null;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartHandshake className="size-5 text-primary-600" aria-hidden="true" />
          Your care
        </CardTitle>
        <CardDescription>
          The last six months of your subgroup: reflections written on each month and how many you answered, and the days someone reached out to a member who needed a word.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {glance.error ? (
          <ErrorNote message="We could not load your care at a glance." onRetry={() => void glance.refetch()} />
        ) : !glance.data ? (
          <LoadingRows rows={3} label="Loading your care at a glance" />
        ) : (
          <DataTable
            caption="Your care, month by month"
            columns={['Month', 'Reflections', 'Answered', 'Reached out']}
            rows={[...glance.data.months].reverse().map((month) => [`${MONTH_NAMES[month.month - 1]!.slice(0, 3)} ${month.year}`, month.reflectionsWritten, month.reflectionsAcknowledged, month.reachedOut])}
          />
        )}
      </CardContent>
    </Card>
  );
}
