import CalendarClock from 'lucide-react/icons/calendar-clock';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LIST_LINK_CLASSES, LoadingRows } from '@/components/ui/states';
import { useT } from '@/i18n';
import { useMeetings } from '../api';
import { formatMeetingDate, formatMeetingTimeRange, meetingTitle, splitMeetings, zoneName } from '../format';

/** SPEC.md section 9: the dashboard shows the first 2 meetings. */
export const DASHBOARD_MEETINGS = 2;

interface UpcomingMeetingsCardProps {
  communityId: string | null;
  viewerId: string;
  /** The community's time zone; null while it loads. */
  timeZone: string | null;
}

/**
 * The dashboard's 'Upcoming Meetings': the viewer's own next two (also while another member's data is on
 * screen: meetings are private), each a link to /meetings.
 */
export function UpcomingMeetingsCard({ communityId, viewerId, timeZone }: UpcomingMeetingsCardProps) {
  const t = useT();
  const meetings = useMeetings(communityId);
  const shown = splitMeetings(meetings.data ?? []).upcoming.slice(0, DASHBOARD_MEETINGS);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarClock className="size-5 text-primary-600" aria-hidden="true" />
          {t('Upcoming Meetings')}
        </CardTitle>
        <CardDescription>{timeZone ? t('Your next meetings ({zone})', { zone: zoneName(timeZone) }) : t('Your next meetings')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {meetings.error ? (
          <ErrorNote message={t('We could not load your meetings.')} onRetry={() => void meetings.refetch()} />
        ) : meetings.isPending || !timeZone ? (
          <LoadingRows rows={DASHBOARD_MEETINGS} label={t('Loading your meetings')} className="[&>div]:h-11" />
        ) : shown.length === 0 ? (
          <EmptyNote>
            <p>{t('No upcoming meetings.')}</p>
            <Link href="/my-subgroup" className="inline-flex min-h-11 items-center font-medium text-primary-700 underline underline-offset-4">
              {t('Book a meeting with your commander')}
            </Link>
          </EmptyNote>
        ) : (
          <ul aria-label={t('Your next meetings')} className="grid gap-2">
            {shown.map((meeting) => (
              <li key={meeting.id}>
                <Link
                  href="/meetings"
                  className={LIST_LINK_CLASSES}
                >
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="truncate font-medium">{meetingTitle(meeting, viewerId)}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('{date}, {time}', { date: formatMeetingDate(meeting.startsAt, timeZone), time: formatMeetingTimeRange(meeting.startsAt, meeting.endsAt, timeZone) })}
                    </span>
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link href="/meetings" className="inline-flex min-h-11 w-fit items-center font-medium text-primary-700 underline-offset-4 hover:underline">
          {t('Go to Meetings')}
        </Link>
      </CardContent>
    </Card>
  );
}
