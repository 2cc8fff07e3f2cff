import { screen, within } from '@testing-library/react';
import { APPLICATION_NOTIFICATION_TITLE } from '@shared/contracts/applications';
import type { NotificationView } from '@shared/contracts/notifications';
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

  it("shows '99+' above 99 unread", async () => {
    const many = Array.from({ length: 120 }, () => notification());
    renderBell({ 'GET /api/notifications': () => json(many) });
    const button = await bell('Notifications, 99+ unread');
    expect(within(button).getByTestId('notification-badge')).toHaveTextContent(/^99\+$/);
  });

  it('shows no badge when everything is read, and asks only once signed in', async () => {
    const { api } = renderBell({ 'GET /api/notifications': () => json([notification({ isRead: true })]) });
    await vi.waitFor(() => expect(api.calls('GET', '/api/notifications')).toHaveLength(1));
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

  it.each([
    ['question', 'A question notification', '/questions'],
    ['answer', 'A answer notification', '/questions'],
    ['question_answered', 'A question_answered notification', '/questions'],
    ['meeting', 'A meeting notification', '/meetings'],
    ['other', APPLICATION_NOTIFICATION_TITLE, '/admin?tab=applications'],
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
    await vi.waitFor(() => expect(location()).toBe(path));
    expect(api.calls('PATCH', `/api/notifications/${item.id}/read`)).toHaveLength(1);
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('marks an unlinked notification read where it is, without leaving the screen', async () => {
    const item = notification({ type: 'other', title: 'Someone claimed their history' });
    const { user, api, location } = renderBell({
      'GET /api/notifications': () => json([item]),
      [`PATCH /api/notifications/${item.id}/read`]: () => json({ message: 'Notification marked read.' }),
    });
    const panel = await openBell(user, 'Notifications, 1 unread');
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /^Unread: Someone claimed their history/ }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(api.calls('PATCH', `/api/notifications/${item.id}/read`)).toHaveLength(1);
    expect(location()).toBe('/tracking');
  });
});
