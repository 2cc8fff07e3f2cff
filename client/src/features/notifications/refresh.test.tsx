import { act, screen, waitFor, within } from '@testing-library/react';
import type { MeetingView } from '@shared/contracts/meetings';
import type { NotificationView } from '@shared/contracts/notifications';
import type { QuestionView } from '@shared/contracts/questions';
import type { ApplicationView } from '@shared/contracts/applications';
import { NOTIFICATION_POLL_MS } from '@shared/domain/constants';
import { makeMeeting } from '@/features/meetings/test-kit';
import { ASKER, baseRoutes, COMMUNITY_ID, makeQuestion } from '@/features/questions/test-kit';
import { type Handler, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

/** Sunday, November 15, 2026, 10:00 in Chicago (the community's time zone). */
const NOW = new Date('2026-11-15T16:00:00.000Z');

let count = 0;
function notification(overrides: Partial<NotificationView>): NotificationView {
  count += 1;
  return {
    id: `f9000000-0000-4000-8000-${String(count).padStart(12, '0')}`,
    type: 'meeting',
    title: 'Meeting rescheduled',
    message: 'Deborah Judge moved your meeting to Wed, Nov 18, 2026, 4:00 PM (America/Chicago).',
    isRead: false,
    communityId: COMMUNITY_ID,
    fromUserId: null,
    createdAt: NOW.toISOString(),
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

/** The server as the test sets it: each route answers what `state` holds now. */
function renderWith(path: string, routes: Record<string, Handler>, roles: Parameters<typeof baseRoutes>[0] = {}) {
  const api = mockApi({ ...baseRoutes(roles), ...routes });
  return { ...renderApp(path), api };
}

/** One tick of the 30 s poll. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));

describe('a notification refreshes what it is about', () => {
  it("a poll bringing 'Meeting rescheduled' shows the open /meetings screen the new time, without a reload", async () => {
    const before = makeMeeting({ startsAt: '2026-11-18T20:00:00.000Z' });
    let meetings: MeetingView[] = [before];
    let notifications: NotificationView[] = [];
    const { api } = renderWith('/meetings', {
      'GET /api/meetings': () => json(meetings),
      'GET /api/notifications': () => json(notifications),
    });
    const [card] = within(await screen.findByRole('list', { name: 'Upcoming meetings' })).getAllByRole('article');
    expect(card).toHaveTextContent('2:00 PM – 3:00 PM');
    expect(api.calls('GET', '/api/meetings')).toHaveLength(1);

    // The commander moves it two hours later; the member's next poll brings the notification.
    meetings = [{ ...before, startsAt: '2026-11-18T22:00:00.000Z', endsAt: '2026-11-18T23:00:00.000Z', sequence: 1 }];
    notifications = [notification({})];
    await nextPoll();

    expect(await screen.findByText('4:00 PM – 5:00 PM')).toBeInTheDocument();
    expect(screen.queryByText('2:00 PM – 3:00 PM')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/meetings')).toHaveLength(2);
  });

  it("a poll bringing 'New question' shows it on the commander's open Received Questions", async () => {
    let received: QuestionView[] = [makeQuestion({ title: 'Reading plan', fromUserId: ASKER.id, fromUserName: ASKER.displayName })];
    let notifications: NotificationView[] = [];
    renderWith(
      '/questions?tab=received',
      {
        'GET /api/questions': () => json([]),
        'GET /api/questions/received': () => json(received),
        'GET /api/notifications': () => json(notifications),
      },
      { roles: ['Commander'] },
    );
    const list = await screen.findByRole('list', { name: 'Received questions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    const urgent = makeQuestion({ title: 'I am struggling today', priority: 'Urgent', fromUserId: ASKER.id, fromUserName: ASKER.displayName });
    received = [urgent, ...received];
    notifications = [notification({ type: 'question', title: 'New question', message: `${ASKER.displayName} asked: I am struggling today` })];
    await nextPoll();

    expect(await within(list).findByText('I am struggling today')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it("a poll bringing 'Your question was answered' shows the asker's open My Questions as Answered", async () => {
    const question = makeQuestion({ title: 'Fasting on work days' });
    let sent: QuestionView[] = [question];
    let notifications: NotificationView[] = [];
    renderWith('/questions', {
      'GET /api/questions': () => json(sent),
      'GET /api/notifications': () => json(notifications),
    });
    const list = await screen.findByRole('list', { name: 'My questions' });
    expect(within(list).getByText('Open')).toBeInTheDocument();

    sent = [{ ...question, status: 'Answered', answer: 'Eat lightly at noon.' }];
    notifications = [notification({ type: 'answer', title: 'Your question was answered', message: 'Your commander answered "Fasting on work days".' })];
    await nextPoll();

    expect(await within(list).findByText('Answered')).toBeInTheDocument();
  });

  it("a poll bringing an application (in any language) shows it on the moderator's open New Members tab", async () => {
    const application = (name: string): ApplicationView => ({
      id: `a1000000-0000-4000-8000-${String((count += 1)).padStart(12, '0')}`,
      communityId: COMMUNITY_ID,
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
      message: null,
      disciplineTargets: {},
      status: 'Pending',
      reviewNotes: null,
      reviewedBy: null,
      createdAt: '2026-11-12T15:00:00.000Z',
      updatedAt: '2026-11-12T15:00:00.000Z',
    });
    let applications = [application('Lydia of Thyatira')];
    let notifications: NotificationView[] = [];
    renderWith(
      '/admin?tab=applications',
      { 'GET /api/member-applications': () => json(applications), 'GET /api/notifications': () => json(notifications) },
      { roles: ['CommunityModerator'] },
    );
    expect(await screen.findByRole('cell', { name: /Lydia of Thyatira/ }, { timeout: 12_000 })).toBeInTheDocument();

    applications = [application('Tabitha of Joppa'), ...applications];
    notifications = [notification({ type: 'application', title: 'Nueva solicitud', message: 'Tabitha de Jope pidió unirse a Grace Fellowship.' })];
    await nextPoll();

    expect(await screen.findByRole('cell', { name: /Tabitha of Joppa/ })).toBeInTheDocument();
  });

  it('reads nothing again when the poll brings nothing new', async () => {
    const old = notification({ isRead: true });
    const { api } = renderWith('/meetings', {
      'GET /api/meetings': () => json([makeMeeting({ startsAt: '2026-11-18T20:00:00.000Z' })]),
      'GET /api/notifications': () => json([old]),
    });
    await screen.findByRole('list', { name: 'Upcoming meetings' });
    await nextPoll();
    await waitFor(() => expect(api.calls('GET', '/api/notifications')).toHaveLength(2));
    expect(api.calls('GET', '/api/meetings')).toHaveLength(1);
  });

  it('reads the open list again when the window regains focus', async () => {
    let meetings = [makeMeeting({ startsAt: '2026-11-18T20:00:00.000Z' })];
    const { api } = renderWith('/meetings', { 'GET /api/meetings': () => json(meetings) });
    await screen.findByText('2:00 PM – 3:00 PM');

    meetings = [{ ...meetings[0]!, startsAt: '2026-11-19T20:00:00.000Z', endsAt: '2026-11-19T21:00:00.000Z' }];
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });

    expect(await screen.findByText('Thursday, November 19, 2026')).toBeInTheDocument();
    expect(api.calls('GET', '/api/meetings')).toHaveLength(2);
    // The poll asks again too (an unchanged list costs a 304).
    expect(api.calls('GET', '/api/notifications').length).toBeGreaterThanOrEqual(2);
  });
});
