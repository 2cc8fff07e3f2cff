import { screen, waitFor, within } from '@testing-library/react';
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
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument());
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

  it.each(['/questions', '/community-access'])("says at %s that the communities could not be read, with Retry, not 'no community yet'", async (path) => {
    let failing = true;
    const api = mockApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/memberships': () => (failing ? apiError(500, 'Something went wrong on our side. Please try again.') : json([makeMembership()])),
    });
    const { user, location } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your communities could not be loaded' })).toBeInTheDocument();
    expect(screen.queryByText(/Your journey starts with a community/)).not.toBeInTheDocument();
    expect(location()).toBe(path);
    failing = false;
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your communities could not be loaded' })).not.toBeInTheDocument());
    expect(api.calls('GET', '/api/memberships').length).toBeGreaterThanOrEqual(2);
  });
});

describe('routing', () => {
  it('shows the 404 screen for an unknown path, with a way to sign in', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { user, location } = renderApp('/this/page/does-not-exist');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
  });

  it('shows the 404 screen inside the app shell for a signed-in member, with a way to the dashboard', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([makeMembership()]) });
    const { user, location } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows the 404 screen to a signed-in user without a community, with a way to their communities', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([]) });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your communities' })).toHaveAttribute('href', '/');
  });

  it('opens /apply without a session', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { location } = renderApp('/apply');
    // Without ?community= the public page explains the link instead of sending the visitor to sign in.
    expect(await screen.findByRole('heading', { level: 1, name: 'This apply link does not work' })).toBeInTheDocument();
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
