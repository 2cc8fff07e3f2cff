import { screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_LIST_LIMIT, type NotificationView, UNREAD_COUNT_HEADER } from '@shared/contracts/notifications';
import { HISTORY_CLAIMED_NOTIFICATION_TITLE } from '@shared/domain/constants';
import { makeMembership, makeUser } from '@/test/fixtures';
import { deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

let count = 0;
function notification(overrides: Partial<NotificationView> = {}): NotificationView {
  count += 1;
  return {
    id: `f0000000-0000-4000-8000-${String(count).padStart(12, '0')}`,
    type: 'question',
    title: `Notification ${count}`,
    message: 'Naomi Ephrath asked: How do I fast?',
    isRead: false,
    communityId: 'c1',
    fromUserId: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A poll's answer as the server sends it: the page, the true unread count and (for the newest page) an ETag. */
function feed(items: NotificationView[], unread: number, etag?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [UNREAD_COUNT_HEADER]: String(unread) };
  if (etag) headers.ETag = etag;
  return new Response(JSON.stringify(items), { status: 200, headers });
}

function renderBell(routes: Record<string, Handler> = {}, path = '/tracking') {
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([makeMembership({ communityId: 'c1', community: { id: 'c1', name: 'Hope Chapel', description: null } })]),
    ...routes,
  });
  return { ...renderApp(path), api };
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

async function openBell(user: ReturnType<typeof renderBell>['user'], name?: string | RegExp) {
  await user.click(await bell(name));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('notification bell', () => {
  it('shows the unread count on the bell and in its name', async () => {
    renderBell({ 'GET /api/notifications': () => json([notification(), notification(), notification({ isRead: true }), notification()]) });
    const button = await bell('Notifications, 3 unread');
    expect(within(button).getByTestId('notification-badge')).toHaveTextContent(/^3$/);
  });

  it("shows the true count of X-Unread-Count, '99+' above 99, and '(N unread)' in the panel", async () => {
    // 111 unread, of which the newest page holds 50.
    const page = Array.from({ length: NOTIFICATION_LIST_LIMIT }, () => notification());
    const { user } = renderBell({ 'GET /api/notifications': () => feed(page, 111) });
    const button = await bell('Notifications, 99+ unread');
    expect(within(button).getByTestId('notification-badge')).toHaveTextContent(/^99\+$/);
    const panel = await openBell(user, 'Notifications, 99+ unread');
    expect(within(panel).getByRole('heading', { name: /Notifications/ })).toHaveTextContent('(111 unread)');
  });

  it('keeps the cached list on a 304 but takes its new count', async () => {
    const items = [notification({ title: 'Kept' }), notification({ isRead: true })];
    let answer = () => feed(items, 1, 'W/"v1"');
    const { api, queryClient } = renderBell({ 'GET /api/notifications': () => answer() });
    await bell('Notifications, 1 unread');
    // Marked read on another device meanwhile, and one more arrived in a community whose page this is not.
    answer = () => new Response(null, { status: 304, headers: { [UNREAD_COUNT_HEADER]: '7' } });
    await queryClient.refetchQueries({ queryKey: ['/api/notifications'], exact: true });
    expect(await bell('Notifications, 7 unread')).toBeInTheDocument();
    expect(api.calls('GET', '/api/notifications').at(-1)!.headers.get('If-None-Match')).toBe('W/"v1"');
    expect(queryClient.getQueryData<{ items: NotificationView[] }>(['/api/notifications'])?.items.map((item) => item.title)).toContain('Kept');
  });

  it("pages back with 'Show older', loading ?before=<oldest id shown>, until a page is not full", async () => {
    const newest = Array.from({ length: NOTIFICATION_LIST_LIMIT }, (_, n) => notification({ title: `Newest ${n}` }));
    const second = Array.from({ length: NOTIFICATION_LIST_LIMIT }, (_, n) => notification({ title: `Second ${n}` }));
    const third = [notification({ title: 'The very first', isRead: true })];
    const { user, api } = renderBell({
      'GET /api/notifications': () => feed(newest, 120, 'W/"v"'),
      [`GET /api/notifications?before=${newest.at(-1)!.id}`]: () => feed(second, 120),
      [`GET /api/notifications?before=${second.at(-1)!.id}`]: () => feed(third, 120),
    });
    const panel = await openBell(user, 'Notifications, 99+ unread');
    const items = () => within(within(panel).getByRole('list', { name: 'Notification list' })).getAllByRole('listitem');
    expect(items()).toHaveLength(NOTIFICATION_LIST_LIMIT);
    await user.click(within(panel).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(items()).toHaveLength(2 * NOTIFICATION_LIST_LIMIT));
    expect(items()[NOTIFICATION_LIST_LIMIT]).toHaveTextContent('Second 0');
    await user.click(within(panel).getByRole('button', { name: 'Show older' }));
    expect(await within(panel).findByText('The very first')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    expect(api.calls('GET', `/api/notifications?before=${newest.at(-1)!.id}`)).toHaveLength(1);
    expect(api.calls('GET', `/api/notifications?before=${second.at(-1)!.id}`)).toHaveLength(1);
  });

  it("offers no 'Show older' when the newest page is not full", async () => {
    const { user } = renderBell({ 'GET /api/notifications': () => feed([notification(), notification()], 2) });
    const panel = await openBell(user, 'Notifications, 2 unread');
    expect(within(panel).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('takes a notification marked read off the true count, also one from an older page', async () => {
    const newest = Array.from({ length: NOTIFICATION_LIST_LIMIT }, () => notification({ isRead: true }));
    const old = notification({ title: 'Old and unread' });
    const { user } = renderBell({
      'GET /api/notifications': () => feed(newest, 104, 'W/"v"'),
      [`GET /api/notifications?before=${newest.at(-1)!.id}`]: () => feed([old], 104),
      [`PATCH /api/notifications/${old.id}/read`]: () => json({ message: 'Notification marked read.' }),
    });
    const panel = await openBell(user, 'Notifications, 99+ unread');
    await user.click(within(panel).getByRole('button', { name: 'Show older' }));
    await user.click(await within(panel).findByRole('button', { name: 'Mark as read: Old and unread' }));
    expect(await within(panel).findByText('(103 unread)')).toBeInTheDocument();
  });

  it('shows no badge when everything is read, and asks only once signed in', async () => {
    const { api } = renderBell({ 'GET /api/notifications': () => json([notification({ isRead: true })]) });
    await waitFor(() => expect(api.calls('GET', '/api/notifications')).toHaveLength(1));
    const button = await bell('Notifications');
    expect(within(button).queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it("lists the notifications, newest first, with their time, and marks the unread ones", async () => {
    const unread = notification({ title: 'New question', message: 'Naomi asked about fasting.' });
    const read = notification({ title: 'Meeting requested', type: 'meeting', isRead: true, createdAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString() });
    const { user } = renderBell({ 'GET /api/notifications': () => json([unread, read]) });
    const panel = await openBell(user, 'Notifications, 1 unread');
    const items = within(within(panel).getByRole('list', { name: 'Notification list' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: New question');
    expect(items[0]).toHaveTextContent('Naomi asked about fasting.');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(within(items[0]!).getByRole('button', { name: 'Mark as read: New question' })).toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(items[1]).toHaveTextContent('2 hours ago');
    expect(within(items[1]!).queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
  });

  it("says 'You're all caught up.' when there is nothing", async () => {
    const { user } = renderBell({ 'GET /api/notifications': () => json([]) });
    const panel = await openBell(user, 'Notifications');
    expect(within(panel).getByText("You're all caught up.")).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('shows a loading state, then an error with Retry', async () => {
    const first = deferred<Response>();
    let answer: () => Response | Promise<Response> = () => first.promise;
    const { user } = renderBell({ 'GET /api/notifications': () => answer() });
    const panel = await openBell(user);
    expect(within(panel).getByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
    first.resolve(json({ message: 'Database unavailable.' }, 500));
    expect(await within(panel).findByText('We could not load your notifications.')).toBeInTheDocument();
    answer = () => json([notification({ title: 'Answer received', type: 'answer' })]);
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText('Answer received')).toBeInTheDocument();
  });

  it('marks one notification read with its check button', async () => {
    const first = notification({ title: 'First' });
    const second = notification({ title: 'Second' });
    const { user, api } = renderBell({
      'GET /api/notifications': () => json([first, second]),
      [`PATCH /api/notifications/${first.id}/read`]: () => json({ message: 'Notification marked read.' }),
    });
    const panel = await openBell(user, 'Notifications, 2 unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark as read: First' }));
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    expect(api.calls('PATCH', `/api/notifications/${first.id}/read`)).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Mark as read: First' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark as read: Second' })).toBeInTheDocument();
  });

  it("marks everything read with 'Mark all read'", async () => {
    const { user, api } = renderBell({
      'GET /api/notifications': () => json([notification(), notification(), notification({ isRead: true })]),
      'PATCH /api/notifications/read-all': () => json({ message: 'All notifications marked read.' }),
    });
    const panel = await openBell(user, 'Notifications, 2 unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/notifications/read-all')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('tells when marking read fails', async () => {
    const item = notification({ title: 'Stubborn' });
    const { user } = renderBell({
      'GET /api/notifications': () => json([item]),
      [`PATCH /api/notifications/${item.id}/read`]: () => json({ message: 'Notification not found.' }, 404),
    });
    const panel = await openBell(user, 'Notifications, 1 unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark as read: Stubborn' }));
    expect(await findToast('Could not mark as read')).toHaveTextContent('Notification not found.');
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
  });

  // By type: a title is written in its reader's language (a Spanish moderator's application reads 'Nueva solicitud').
  it.each([
    ['question', 'New question', '/questions?tab=received'],
    ['answer', 'A answer notification', '/questions'],
    ['question_answered', 'A question_answered notification', '/questions'],
    ['meeting', 'A meeting notification', '/meetings'],
    ['application', 'Nueva solicitud', '/admin?tab=applications'],
    ['history_claimed', HISTORY_CLAIMED_NOTIFICATION_TITLE, '/admin?tab=members'],
    ['history_offered', '이전 기록이 제공되었습니다', '/tracking'],
    ['community', 'Community closing', '/'],
  ] as const)('leads a %s notification titled %s to %s and marks it read', async (type, title, path) => {
    const item = notification({ type, title });
    const { user, api, location } = renderBell({
      'GET /api/notifications': () => json([item]),
      [`PATCH /api/notifications/${item.id}/read`]: () => json({ message: 'Notification marked read.' }),
    });
    const panel = await openBell(user, 'Notifications, 1 unread');
    const link = within(panel).getByRole('link', { name: new RegExp(title) });
    expect(link).toHaveAttribute('href', path);
    await user.click(link);
    await waitFor(() => expect(location()).toBe(path));
    expect(api.calls('PATCH', `/api/notifications/${item.id}/read`)).toHaveLength(1);
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it("opens a notification of another of one's communities in that community, marked read first", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const item = notification({ type: 'question', title: 'New question', communityId: 'c2' });
    const patched = deferred<Response>();
    const { user, api } = renderBell({
      'GET /api/memberships': () =>
        json([
          makeMembership({ communityId: 'c1', community: { id: 'c1', name: 'Hope Chapel', description: null } }),
          makeMembership({ communityId: 'c2', roles: ['Commander'], role: 'Commander', community: { id: 'c2', name: 'Grace Fellowship', description: null } }),
        ]),
      'GET /api/notifications': () => json([item]),
      [`PATCH /api/notifications/${item.id}/read`]: () => patched.promise,
    });
    const panel = await openBell(user, 'Notifications, 1 unread');
    await user.click(within(panel).getByRole('link', { name: /New question/ }));
    expect(api.calls('PATCH', `/api/notifications/${item.id}/read`)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
    patched.resolve(json({ message: 'Notification marked read.' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/questions?tab=received'));
    expect(localStorage.getItem('steadfast.communityId')).toBe('c2');
  });

  it('marks an unlinked notification read where it is, without leaving the screen', async () => {
    const item = notification({ type: 'other', title: 'History claimed' });
    const { user, api, location } = renderBell({
      'GET /api/notifications': () => json([item]),
      [`PATCH /api/notifications/${item.id}/read`]: () => json({ message: 'Notification marked read.' }),
    });
    const panel = await openBell(user, 'Notifications, 1 unread');
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /^Unread: History claimed/ }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(api.calls('PATCH', `/api/notifications/${item.id}/read`)).toHaveLength(1);
    expect(location()).toBe('/tracking');
  });
});
