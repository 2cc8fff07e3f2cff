import { screen, waitFor, within } from '@testing-library/react';
import { COMMUNITY_STORAGE_KEY } from '@/lib/community';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi, unauthorized } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

function renderAccess(memberships: unknown[], routes: Record<string, Handler> = {}) {
  const api = mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json(memberships), ...routes });
  return { ...renderApp('/community-access'), api };
}

describe('/community-access', () => {
  it('welcomes the user by name and explains joining and creating when there is no community yet', async () => {
    renderAccess([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ruth Moab' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Communities' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "You're not part of a community yet" })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Join Community', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create Community' })).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation code')).toHaveAccessibleDescription('Invitation codes are usually 6-8 characters.');
  });

  it('lists the communities with fallbacks and cycles the card colours every 3 cards', async () => {
    const memberships = [
      makeMembership({ role: 'CommunityModerator', roles: ['CommunityModerator'], community: { id: 'a', name: 'Hope Chapel', description: 'Sunday folk' }, communityId: 'a' }),
      makeMembership({ community: { id: 'b', name: '', description: null }, communityId: 'b' }),
      makeMembership({ community: { id: 'c', name: 'Grace', description: null }, communityId: 'c' }),
      makeMembership({ community: { id: 'd', name: 'Mercy', description: null }, communityId: 'd' }),
    ];
    renderAccess(memberships);
    expect(await screen.findByRole('heading', { name: 'Your Communities' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);

    expect(within(cards[0]!).getByRole('heading', { name: 'Hope Chapel' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Community Moderator')).toBeInTheDocument();
    expect(within(cards[0]!).getByLabelText('Admin')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Sunday folk')).toBeInTheDocument();

    expect(within(cards[1]!).getByRole('heading', { name: 'Faith Community' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Member')).toBeInTheDocument();
    expect(within(cards[1]!).queryByLabelText('Admin')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('Your spiritual accountability community')).toBeInTheDocument();

    const tones = cards.map((card) => card.dataset.tone);
    expect(new Set(tones.slice(0, 3)).size).toBe(3);
    expect(tones[3]).toBe(tones[0]);
  });

  it("continues to / with the chosen community from 'Continue Journey'", async () => {
    const memberships = [
      makeMembership({ community: { id: 'a', name: 'Hope Chapel', description: null }, communityId: 'a' }),
      makeMembership({ community: { id: 'b', name: 'Grace', description: null }, communityId: 'b' }),
    ];
    const { user, location } = renderAccess(memberships);
    const cards = await screen.findAllByRole('article');
    await user.click(within(cards[1]!).getByRole('button', { name: 'Continue Journey' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('b');
    expect(screen.getByRole('button', { name: /Current community: Grace/ })).toBeInTheDocument();
  });

  it("signs out ('Signing Out...' while pending) and lands on /auth with 'Signed out successfully'", async () => {
    const logout = deferred<Response>();
    const { user, api, location, queryClient } = renderAccess([], { 'POST /api/logout': () => logout.promise });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Signing Out...' })).toBeDisabled();
    expect(api.calls('POST', '/api/logout')[0]).toMatchObject({ body: undefined, credentials: 'include' });
    expect(api.calls('POST', '/api/logout')[0]?.headers.has('Content-Type')).toBe(false);

    logout.resolve(json({ message: 'Signed out.' }));
    expect(await findToast('Signed out successfully')).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument(); // the sign-in page loads on demand
    expect(queryClient.getQueryData(['/api/user'])).toBeNull();
    // Nothing the previous user saw stays cached: only the (now empty) user entry holds data.
    const cached = queryClient.getQueryCache().getAll().filter((query) => query.state.data !== undefined);
    expect(cached.map((query) => query.queryKey)).toEqual([['/api/user']]);
  });

  it("shows 'Logout failed' with the server's message when signing out fails", async () => {
    const { user, location } = renderAccess([], { 'POST /api/logout': () => apiError(429, 'Too many requests. Please wait a moment.') });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await findToast('Logout failed')).toHaveTextContent('Too many requests. Please wait a moment.');
    expect(location()).toBe('/community-access');
  });

  it('sends a visitor without a session to /auth', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { location } = renderApp('/community-access');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
  });
});

describe('/community-access for those who administer communities without belonging to them', () => {
  const community = (id: string, name: string) => ({ id, name, description: null });

  function renderAdministrator(found: (search: string) => unknown[], memberships: unknown[] = [], user = makeUser({ isSuperAdmin: true })) {
    let shown: string | null = null;
    const api = mockApi({
      'GET /api/user': () => json(user),
      'GET /api/memberships': () =>
        json(shown ? [...memberships, makeMembership({ id: null, communityId: shown, role: 'SuperAdmin', roles: ['SuperAdmin'] })] : memberships),
      'GET /api/communities/administered': (request) => json(found(new URL(request.url, 'http://localhost').searchParams.get('search') ?? '')),
    });
    const utils = renderApp('/community-access');
    return { ...utils, api, show: (id: string) => (shown = id) };
  }

  it('searches every community a SuperAdmin administers on the server, each openable in Administration or on the dashboard', async () => {
    const all = ['Hope Chapel', 'Grace Fellowship', 'Mercy Church'].map((name, index) => community(`c${index}`, name));
    const { user, location, api, show } = renderAdministrator((search) => all.filter((c) => c.name.toLowerCase().includes(search.toLowerCase())));
    expect(await screen.findByRole('heading', { name: 'Communities You Administer' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Communities' })).not.toBeInTheDocument();
    expect(screen.getByText('As Super Admin you can open these without joining them.')).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(3);

    await user.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'grace');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.requests.some((request) => request.url.endsWith('/api/communities/administered?search=grace'))).toBe(true);
    const [grace] = screen.getAllByRole('article');
    expect(within(grace!).getByRole('heading', { name: 'Grace Fellowship' })).toBeInTheDocument();
    show('c1');
    await user.click(within(grace!).getByRole('button', { name: 'Administration' }));
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c1');
  });

  it('says when no community matches the search', async () => {
    const { user } = renderAdministrator((search) => (search ? [] : [community('c1', 'Hope Chapel')]));
    await user.type(await screen.findByRole('searchbox', { name: 'Search communities' }), 'nowhere');
    expect(await screen.findByText('No community matches “nowhere”.')).toBeInTheDocument();
  });

  it("opens an InstitutionAdmin's sibling community on the dashboard without joining", async () => {
    const { user, location, show } = renderAdministrator(
      () => [community('sibling', 'Sibling Chapel')],
      [makeMembership({ communityId: 'home', role: 'InstitutionAdmin', roles: ['InstitutionAdmin'], community: { id: 'home', name: 'Home Chapel', description: null } })],
      makeUser(),
    );
    expect(await screen.findByRole('heading', { name: 'Your Communities' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Communities You Administer' });
    expect(within(section).queryByRole('searchbox')).not.toBeInTheDocument();
    show('sibling');
    await user.click(await within(section).findByRole('button', { name: 'View Dashboard' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('sibling');
  });

  it('asks nothing of the server for someone who administers nothing', async () => {
    const { api } = renderAccess([makeMembership({ communityId: 'a', community: { id: 'a', name: 'Hope Chapel', description: null } })]);
    await screen.findByRole('heading', { name: 'Your Communities' });
    expect(api.requests.filter((request) => request.url.includes('/api/communities/administered'))).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Communities You Administer' })).not.toBeInTheDocument();
  });
});
