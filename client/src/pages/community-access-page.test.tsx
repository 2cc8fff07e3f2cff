import { screen, within } from '@testing-library/react';
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
    expect(screen.getByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
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
  const administered = (id: string, name: string, roles: ('SuperAdmin' | 'InstitutionAdmin')[] = ['SuperAdmin']) =>
    makeMembership({ id: null, communityId: id, role: roles[0], roles, community: { id, name, description: null } });

  it('lists every community a SuperAdmin administers, searchable, each openable in Administration or on the dashboard', async () => {
    const names = ['Hope Chapel', 'Grace Fellowship', 'Mercy Church', 'Zion Assembly', 'Bethel House', 'Shiloh', 'Emmaus Road'];
    const { user, location } = renderAccess(names.map((name, index) => administered(`c${index}`, name)));
    expect(await screen.findByRole('heading', { name: 'Communities You Administer' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Communities' })).not.toBeInTheDocument();
    expect(screen.getByText('As Super Admin you can open these without joining them.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(7);

    await user.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'grace');
    const [grace] = screen.getAllByRole('article');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(within(grace!).getByRole('heading', { name: 'Grace Fellowship' })).toBeInTheDocument();
    await user.click(within(grace!).getByRole('button', { name: 'Administration' }));
    expect(location()).toBe('/admin');
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c1');
  });

  it('says when no community matches the search', async () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const { user } = renderAccess(names.map((name, index) => administered(`c${index}`, `${name} Chapel`)));
    await user.type(await screen.findByRole('searchbox', { name: 'Search communities' }), 'nowhere');
    expect(screen.getByRole('status')).toHaveTextContent('No community matches “nowhere”.');
  });

  it("opens an InstitutionAdmin's sibling community on the dashboard without joining", async () => {
    const { user, location } = renderAccess([
      makeMembership({ communityId: 'home', role: 'InstitutionAdmin', roles: ['InstitutionAdmin'], community: { id: 'home', name: 'Home Chapel', description: null } }),
      administered('sibling', 'Sibling Chapel', ['InstitutionAdmin']),
    ]);
    expect(await screen.findByRole('heading', { name: 'Your Communities' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Communities You Administer' });
    expect(within(section).queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'View Dashboard' }));
    expect(location()).toBe('/');
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('sibling');
  });
});
