import CalendarPlus from 'lucide-react/icons/calendar-plus';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { MeetingView } from '@shared/contracts/meetings';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ErrorNote, LoadingRows } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCommunity } from '@/features/communities/api';
import { CommunityMissing } from '@/features/communities/components/community-state';
import { useMeetings } from '@/features/meetings/api';
import { CancelMeetingDialog } from '@/features/meetings/components/cancel-meeting-dialog';
import { MeetingCard } from '@/features/meetings/components/meeting-card';
import { RescheduleDialog } from '@/features/meetings/components/reschedule-dialog';
import { splitMeetings } from '@/features/meetings/format';
import { useTrackingScope } from '@/features/tracking/api';
import { useT } from '@/i18n';
import { browserTimeZone } from '@/lib/time-zones';

/** SPEC.md section 2: 'Book Meeting', 'Book Your First Meeting' and 'View Available Times' all go to /my-subgroup. */
const BOOKING_PATH = '/my-subgroup';


/** Meetings (/meetings): SPEC.md section 2; times in the community's time zone (DECISIONS.md). */
export function MeetingsPage() {
  const t = useT();
  const { user, communityId } = useTrackingScope();
  const meetings = useMeetings(communityId);
  const community = useCommunity(communityId);
  const [tab, setTab] = useState('upcoming');
  const [rescheduling, setRescheduling] = useState<MeetingView | null>(null);
  const [cancelling, setCancelling] = useState<MeetingView | null>(null);

  if (!communityId || !user) return <CommunityMissing />;

  // A community that cannot be read still gets its meetings shown, in the viewer's own (named) time zone.
  const timeZone = community.data?.timeZone ?? (community.error ? (browserTimeZone() ?? 'UTC') : null);
  const loading = meetings.isPending || timeZone === null;
  const { upcoming, past } = splitMeetings(meetings.data ?? []);

  const list = (items: MeetingView[], label: string, empty: ReactNode) => {
    if (meetings.error) return <ErrorNote message={t('We could not load your meetings.')} onRetry={() => void meetings.refetch()} />;
    if (loading || !timeZone) return <LoadingRows rows={2} label={t('Loading your meetings')} className="[&>div]:h-40" />;
    if (items.length === 0) return empty;
    return (
      <ul aria-label={label} className="grid gap-4 lg:grid-cols-2">
        {items.map((meeting) => (
          <MeetingCard key={meeting.id} meeting={meeting} viewerId={user.id} timeZone={timeZone} onReschedule={setRescheduling} onCancel={setCancelling} />
        ))}
      </ul>
    );
  };

  const bookLink = (label: string) => (
    <Link href={BOOKING_PATH} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
      <CalendarPlus aria-hidden="true" />
      {label}
    </Link>
  );

  return (
    <>
      <PageHeader title={t('Meetings')} description={t("Your meetings, in your community's time zone.")} actions={bookLink(t('Book Meeting'))} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="flex w-full sm:inline-flex sm:w-auto">
          <TabsTrigger value="upcoming" className="min-h-11">
            {meetings.data && !meetings.error ? t('Upcoming ({count})', { count: upcoming.length }) : t('Upcoming')}
          </TabsTrigger>
          <TabsTrigger value="past" className="min-h-11">
            {t('Past Meetings')}
          </TabsTrigger>
          <TabsTrigger value="schedule" className="min-h-11">
            {t('Schedule New')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">
          {list(
            upcoming,
            t('Upcoming meetings'),
            <EmptyState title={t('No upcoming meetings')} action={bookLink(t('Book Your First Meeting'))}>
              {t('Book a time with your commander to talk, pray or plan together.')}
            </EmptyState>,
          )}
        </TabsContent>
        <TabsContent value="past">
          {list(
            past,
            t('Past meetings'),
            <EmptyState title={t('No past meetings')}>{t('Meetings you have had, and cancelled ones, appear here with their outcome.')}</EmptyState>,
          )}
        </TabsContent>
        <TabsContent value="schedule">
          <Card>
            <CardHeader>
              <CardTitle>{t('Schedule a New Meeting')}</CardTitle>
              <CardDescription>
                {t("Meetings are booked from My Subgroup: choose a day, and your commander's free times for that day are offered. Each meeting lasts one hour.")}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Link href={BOOKING_PATH} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
                {t('View Available Times')}
              </Link>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
      {timeZone ? (
        <RescheduleDialog
          meeting={rescheduling}
          onOpenChange={(open) => (open ? undefined : setRescheduling(null))}
          communityId={communityId}
          viewerId={user.id}
          timeZone={timeZone}
        />
      ) : null}
      {timeZone ? <CancelMeetingDialog meeting={cancelling} viewerId={user.id} timeZone={timeZone} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}
