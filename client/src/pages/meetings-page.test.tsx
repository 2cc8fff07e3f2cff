import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingView } from '@shared/contracts/meetings';
import type { Role } from '@shared/domain/constants';
import { ASKER, COMMANDER, makeMeeting, SELF } from '@/features/meetings/test-kit';
import { baseRoutes } from '@/features/questions/test-kit';
import { apiError, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

/** Sunday, November 15, 2026, 10:00 in Chicago (the community's time zone). */
const NOW = new Date('2026-11-15T16:00:00.000Z');

beforeEach(() => {
  vi.setSystemTime(NOW);
});

const past = makeMeeting({ startsAt: '2026-11-10T15:00:00.000Z', outcome: 'Agreed on a reading plan.', notes: 'First talk' });
const olderPast = makeMeeting({ startsAt: '2026-10-02T15:00:00.000Z' });
const call = makeMeeting({ startsAt: '2026-11-20T15:00:00.000Z', location: 'Video call: https://meet.example.org/ruth-deborah', notes: 'Talk about fasting' });
const tbd = makeMeeting({ startsAt: '2026-11-18T20:00:00.000Z', location: 'TBD' });

function renderMeetings({ roles = ['Member'], meetings = [olderPast, past, tbd, call], routes = {} }: { roles?: Role[]; meetings?: MeetingView[]; routes?: Record<string, Handler> } = {}) {
  const api = mockApi({ ...baseRoutes({ roles }), 'GET /api/meetings': () => json(meetings), ...routes });
  return { ...renderApp('/meetings'), api };
}

const cards = async (name: string) => within(await screen.findByRole('list', { name })).getAllByRole('article');

describe('Meetings', () => {
  it('counts and lists the upcoming meetings, soonest first, each Confirmed with its date and time in the community time zone', async () => {
    renderMeetings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Meetings' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Upcoming (2)', selected: true })).toBeInTheDocument();
    const upcoming = await cards('Upcoming meetings');
    expect(upcoming).toHaveLength(2);
    const [first, second] = upcoming.map((card) => within(card));
    expect(first!.getByRole('heading', { name: 'Meeting with Commander' })).toBeInTheDocument();
    expect(first!.getByText(`With ${COMMANDER.displayName}`)).toBeInTheDocument();
    expect(first!.getByText('Confirmed')).toBeInTheDocument();
    expect(first!.getByText('Wednesday, November 18, 2026')).toBeInTheDocument();
    expect(first!.getByText('2:00 PM – 3:00 PM')).toBeInTheDocument();
    expect(first!.getByText('(America/Chicago time)')).toBeInTheDocument();
    expect(first!.getByText('Location TBD')).toBeInTheDocument();
    expect(second!.getByText('Friday, November 20, 2026')).toBeInTheDocument();
    expect(second!.getByText('9:00 AM – 10:00 AM')).toBeInTheDocument();
    expect(second!.getByText('Video call: https://meet.example.org/ruth-deborah')).toBeInTheDocument();
    expect(second!.getByText('Talk about fasting')).toBeInTheDocument();
    expect(screen.queryByText('Completed')).not.toBeInTheDocument();
  });

  it('lists past meetings, most recent first, as Completed with their outcome and no Reschedule or Join Call', async () => {
    const { user } = renderMeetings();
    await user.click(await screen.findByRole('tab', { name: 'Past Meetings' }));
    const items = await cards('Past meetings');
    expect(items).toHaveLength(2);
    const latest = within(items[0]!);
    expect(latest.getByText('Tuesday, November 10, 2026')).toBeInTheDocument();
    expect(latest.getByText('Completed')).toBeInTheDocument();
    expect(latest.getByText('Agreed on a reading plan.')).toBeInTheDocument();
    expect(within(items[1]!).getByText('No outcome was recorded for this meeting.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.queryByText('Confirmed')).not.toBeInTheDocument();
  });

  it('keeps a meeting that started a minute ago upcoming, with Join Call, until it ends (DECISIONS.md)', async () => {
    const running = makeMeeting({ startsAt: new Date(NOW.getTime() - 60_000).toISOString(), location: 'https://meet.example.org/now' });
    renderMeetings({ meetings: [running, makeMeeting({ startsAt: new Date(NOW.getTime() - 3_600_000).toISOString() })] });
    expect(await screen.findByRole('tab', { name: 'Upcoming (1)' })).toBeInTheDocument();
    const [card] = await cards('Upcoming meetings');
    expect(within(card!).getByRole('link', { name: /Join Call/ })).toHaveAttribute('href', 'https://meet.example.org/now');
    expect(within(card!).getByText('Confirmed')).toBeInTheDocument();
  });

  it('moves a cancelled meeting to Past, marked Cancelled, without Join Call, Reschedule or Cancel: Upcoming counts what it lists', async () => {
    const cancelled = makeMeeting({ startsAt: '2026-11-19T15:00:00.000Z', status: 'Cancelled', cancelledAt: '2026-11-14T12:00:00.000Z', location: 'https://meet.example.org/off' });
    const { user } = renderMeetings({ meetings: [cancelled, call] });
    expect(await screen.findByRole('tab', { name: 'Upcoming (1)' })).toBeInTheDocument();
    expect(await cards('Upcoming meetings')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Past Meetings' }));
    const [first] = await cards('Past meetings');
    const card = within(first!);
    expect(card.getByText('Cancelled')).toBeInTheDocument();
    expect(card.queryByRole('link', { name: /Join Call/ })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Cancel meeting' })).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Update calendar' })).toHaveAttribute('href', `/api/meetings/${cancelled.id}/ics`);
  });

  it('offers Join Call, in a new tab, only when the location is a link', async () => {
    renderMeetings();
    const [tbdCard, callCard] = (await cards('Upcoming meetings')).map((card) => within(card));
    expect(tbdCard!.queryByRole('link', { name: /Join Call/ })).not.toBeInTheDocument();
    const join = callCard!.getByRole('link', { name: /Join Call/ });
    expect(join).toHaveAttribute('href', 'https://meet.example.org/ruth-deborah');
    expect(join).toHaveAttribute('target', '_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
  });

  it('offers every meeting as an .ics download', async () => {
    const { user } = renderMeetings();
    const [tbdCard] = await cards('Upcoming meetings');
    const ics = within(tbdCard!).getByRole('link', { name: 'Add to calendar' });
    expect(ics).toHaveAttribute('href', `/api/meetings/${tbd.id}/ics`);
    expect(ics).toHaveAttribute('download');
    await user.click(screen.getByRole('tab', { name: 'Past Meetings' }));
    const [pastCard] = await cards('Past meetings');
    expect(within(pastCard!).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/meetings/${past.id}/ics`);
  });

  it("titles a commander's meetings with the member's name", async () => {
    renderMeetings({ roles: ['Commander'], meetings: [makeMeeting({ commanderId: SELF.id, commanderName: SELF.displayName, memberId: ASKER.id, memberName: ASKER.displayName })] });
    const [card] = await cards('Upcoming meetings');
    expect(within(card!).getByRole('heading', { name: `Meeting with ${ASKER.displayName}` })).toBeInTheDocument();
    expect(within(card!).getByText('You lead this meeting')).toBeInTheDocument();
  });

  it("says when there are none, with 'Book Your First Meeting', 'Book Meeting' and 'View Available Times' going to /my-subgroup", async () => {
    const { user } = renderMeetings({ meetings: [] });
    expect(await screen.findByText('No upcoming meetings')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upcoming (0)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Your First Meeting' })).toHaveAttribute('href', '/my-subgroup');
    expect(screen.getByRole('link', { name: 'Book Meeting' })).toHaveAttribute('href', '/my-subgroup');
    await user.click(screen.getByRole('tab', { name: 'Past Meetings' }));
    expect(await screen.findByText('No past meetings')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Schedule New' }));
    expect(await screen.findByRole('link', { name: 'View Available Times' })).toHaveAttribute('href', '/my-subgroup');
  });

  it('shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = renderMeetings({ routes: { 'GET /api/meetings': () => (calls++ === 0 ? apiError(500, 'Database unavailable.') : json([call])) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your meetings.');
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Upcoming (1)' })).toBeInTheDocument();
  });
});

describe('Meetings: Cancel', () => {
  it('asks first, naming the other person and the time, then cancels with POST, says so and reads the list again', async () => {
    let meetings = [tbd, call];
    const { user, api } = renderMeetings({
      routes: {
        'GET /api/meetings': () => json(meetings),
        [`POST /api/meetings/${tbd.id}/cancel`]: () => {
          meetings = [{ ...tbd, status: 'Cancelled', cancelledAt: NOW.toISOString() }, call];
          return json(meetings[0]);
        },
      },
    });
    const [card] = await cards('Upcoming meetings');
    await user.click(within(card!).getByRole('button', { name: 'Cancel meeting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this meeting?' });
    expect(dialog).toHaveTextContent(`Your meeting with ${COMMANDER.displayName} on Wednesday, November 18, 2026, 2:00 PM – 3:00 PM (America/Chicago time) will be cancelled`);
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep meeting' }));
    expect(api.calls('POST', `/api/meetings/${tbd.id}/cancel`)).toHaveLength(0);
    await user.click(within(card!).getByRole('button', { name: 'Cancel meeting' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel meeting' }));
    expect(await findToast('Meeting cancelled')).toBeInTheDocument();
    expect(api.calls('POST', `/api/meetings/${tbd.id}/cancel`)).toHaveLength(1);
    expect(await screen.findByRole('tab', { name: 'Upcoming (1)' })).toBeInTheDocument();
    await waitFor(async () => expect(await cards('Upcoming meetings')).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Past Meetings' }));
    expect(within((await cards('Past meetings'))[0]!).getByText('Cancelled')).toBeInTheDocument();
  });

  it('says why when the server refuses, and keeps the meeting as it was', async () => {
    const { user } = renderMeetings({ routes: { [`POST /api/meetings/${tbd.id}/cancel`]: () => apiError(409, 'This meeting has already taken place.') } });
    const [card] = await cards('Upcoming meetings');
    await user.click(within(card!).getByRole('button', { name: 'Cancel meeting' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel meeting' }));
    expect(await findToast('The meeting was not cancelled')).toHaveTextContent('This meeting has already taken place.');
    expect(within((await cards('Upcoming meetings'))[0]!).getByText('Confirmed')).toBeInTheDocument();
  });
});

describe('Meetings: Reschedule', () => {
  const freeSlots: Handler = (request) => json({ date: new URL(request.url, 'http://localhost').searchParams.get('date'), slots: ['09:00', '16:00'] });

  const openReschedule = async (routes: Record<string, Handler>) => {
    const rendered = renderMeetings({ routes: { [`GET /api/commanders/${COMMANDER.id}/free-slots`]: freeSlots, ...routes } });
    const [card] = await cards('Upcoming meetings');
    await rendered.user.click(within(card!).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Meeting' });
    return { ...rendered, dialog };
  };

  const chooseSlot = async (dialog: HTMLElement, user: ReturnType<typeof renderApp>['user'], date: string, time: string) => {
    fireEvent.change(within(dialog).getByLabelText('Preferred date'), { target: { value: date } });
    const select = within(dialog).getByLabelText('Preferred time');
    await within(select).findByRole('option', { name: time });
    await user.selectOptions(select, time);
  };

  it("moves the meeting to one of the commander's free slots with PATCH, says so and reads the list again", async () => {
    let meetings = [tbd, call];
    const { user, api, dialog } = await openReschedule({
      'GET /api/meetings': () => json(meetings),
      [`PATCH /api/meetings/${tbd.id}`]: (request) => {
        const body = request.body as { startsAt: string; endsAt: string };
        meetings = meetings.map((meeting) => (meeting.id === tbd.id ? { ...meeting, ...body } : meeting));
        return json(meetings.find((meeting) => meeting.id === tbd.id));
      },
    });
    expect(dialog).toHaveTextContent('Meeting with Commander, now on Wednesday, November 18, 2026, 2:00 PM – 3:00 PM.');
    expect(within(dialog).getByLabelText('Preferred date')).toHaveAttribute('min', '2026-11-16');

    // Nothing is sent without a date and a time.
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await findToast('Date and Time Required')).toHaveTextContent('Please select both date and time for the meeting.');
    expect(api.calls('PATCH', `/api/meetings/${tbd.id}`)).toHaveLength(0);

    await chooseSlot(dialog, user, '2026-11-23', '16:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await findToast('Meeting Rescheduled')).toHaveTextContent('Now on Monday, November 23, 2026, 4:00 PM – 5:00 PM. Deborah Judge has been told.');
    // The commander's free slots were asked for; 16:00 in Chicago is 22:00 UTC, for one hour.
    expect(api.calls('GET', `/api/commanders/${COMMANDER.id}/free-slots?date=2026-11-23`).length).toBeGreaterThan(0);
    expect(api.calls('PATCH', `/api/meetings/${tbd.id}`)[0]!.body).toEqual({ startsAt: '2026-11-23T22:00:00.000Z', endsAt: '2026-11-23T23:00:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Read again: the moved meeting is now the later one.
    await waitFor(async () => expect(within((await cards('Upcoming meetings'))[1]!).getByText('Monday, November 23, 2026')).toBeInTheDocument());
  });

  it('refuses a date typed before tomorrow in place, without asking the server for its slots', async () => {
    const { dialog, api } = await openReschedule({});
    fireEvent.change(within(dialog).getByLabelText('Preferred date'), { target: { value: '2026-11-15' } });
    expect(await within(dialog).findByText('Choose a date from tomorrow on')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Preferred time')).toBeDisabled();
    expect(api.calls('GET', `/api/commanders/${COMMANDER.id}/free-slots?date=2026-11-15`)).toHaveLength(0);
    // A date from tomorrow asks for its slots.
    fireEvent.change(within(dialog).getByLabelText('Preferred date'), { target: { value: '2026-11-16' } });
    expect(await within(within(dialog).getByLabelText('Preferred time')).findByRole('option', { name: '16:00' })).toBeInTheDocument();
    expect(api.calls('GET', `/api/commanders/${COMMANDER.id}/free-slots?date=2026-11-16`)).toHaveLength(1);
  });

  it("shows 'Reschedule Failed' with the server's message when the time was taken meanwhile, and keeps the dialog", async () => {
    const { user, dialog } = await openReschedule({
      [`PATCH /api/meetings/${tbd.id}`]: () => apiError(409, 'Your commander already has a meeting at that time. Please choose another time.'),
    });
    await chooseSlot(dialog, user, '2026-11-23', '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await findToast('Reschedule Failed')).toHaveTextContent('Your commander already has a meeting at that time. Please choose another time.');
    expect(screen.getByRole('dialog', { name: 'Reschedule Meeting' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeEnabled();
  });
});
