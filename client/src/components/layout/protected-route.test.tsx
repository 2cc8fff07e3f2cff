import { screen, within } from '@testing-library/react';
import { COMMUNITY_STORAGE_KEY } from '@/lib/community';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, json, mockApi, unauthorized } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const PROTECTED_PATHS = ['/', '/tracking', '/questions', '/meetings', '/subgroup', '/my-subgroup', '/reports', '/admin', '/profile', '/community-setup'];

describe('protected routes', () => {
  it('shows a centred spinner while the user loads', async () => {
    const user = deferred<Response>();
    mockApi({ 'GET /api/user': () => user.promise });
    renderApp('/tracking');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    user.resolve(unauthorized());
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the spinner while the memberships load', async () => {
    const memberships = deferred<Response>();
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => memberships.promise });
    renderApp('/');
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument());
    memberships.resolve(json([makeMembership()]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each(PROTECTED_PATHS)('sends a visitor without a session from %s to /auth', async (path) => {
    const api = mockApi({ 'GET /api/user': unauthorized });
    const { location } = renderApp(path);
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(api.calls('GET', '/api/memberships')).toHaveLength(0);
  });

  it('sends a signed-in user with zero memberships to /community-access', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([]) });
    const { location } = renderApp('/questions');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ruth Moab' })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
  });

  it('shows the page inside the app shell for a member, naming the current community', async () => {
    const membership = makeMembership({ community: { id: 'c1', name: 'Hope Chapel', description: null }, communityId: 'c1' });
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([membership]) });
    renderApp('/meetings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meetings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Current community: Hope Chapel/ })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Meetings' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'My Subgroup' })).toHaveAttribute('href', '/my-subgroup');
    // The community on screen is stored, so every later call names it in X-Community-Id.
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c1');
  });

  it("shows 'Failed to fetch memberships' when the memberships call fails", async () => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => apiError(500, 'Something went wrong on our side. Please try again.') });
    renderApp('/');
    expect(await findToast('Failed to fetch memberships')).toHaveTextContent('Something went wrong on our side. Please try again.');
  });
});

describe('routing', () => {
  it('shows the 404 screen for an unknown path', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    renderApp('/this/page/does-not-exist');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('opens /apply without a session', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { location } = renderApp('/apply');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply to Join' })).toBeInTheDocument();
    expect(location()).toBe('/apply');
  });

  it.each([
    ['/', 'Dashboard'],
    ['/tracking', 'My Tracking'],
    ['/questions', 'Questions'],
    ['/meetings', 'Meetings'],
    ['/my-subgroup', 'My Subgroup'],
    ['/subgroup', 'My Subgroup'],
    ['/reports', 'Progress Reports'],
    ['/admin', 'Administration'],
    ['/profile', 'Profile Settings'],
  ])('opens %s as %s for a member', async (path, title) => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([makeMembership()]) });
    const { location } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(location()).toBe(path);
  });
});
