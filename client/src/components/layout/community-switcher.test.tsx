import { screen, within } from '@testing-library/react';
import { resetToasts } from '@/components/ui/use-toast';
import { COMMUNITY_STORAGE_KEY, COMMUNITY_SWITCHED_KEY } from '@/lib/community';
import { makeMembership, makeUser } from '@/test/fixtures';
import { json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const hope = makeMembership({ communityId: 'c1', community: { id: 'c1', name: 'Hope Chapel', description: null } });
const grace = makeMembership({
  communityId: 'c2',
  role: 'CommunityModerator',
  roles: ['CommunityModerator'],
  community: { id: 'c2', name: 'Grace Fellowship', description: null },
});

function renderWithCommunities(path = '/') {
  const api = mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([hope, grace]) });
  return { ...renderApp(path), api };
}

/** window.location.reload, replaced for the test (jsdom cannot reload). */
function stubReload() {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  return reload;
}

describe('community switcher', () => {
  it('lists every membership with the current one checked', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c1');
    const { user } = renderWithCommunities();
    await user.click(await screen.findByRole('button', { name: /Current community: Hope Chapel/ }));

    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Hope Chapel Member', 'Grace Fellowship Community Moderator']);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[1]).toHaveAttribute('aria-checked', 'false');
    expect(within(menu).getByRole('menuitem', { name: 'Join or create a community' })).toBeInTheDocument();
  });

  it('stores the chosen community and reloads the page, then says so once the page is back', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c1');
    const reload = stubReload();
    const first = renderWithCommunities('/tracking');
    await first.user.click(await screen.findByRole('button', { name: /Current community: Hope Chapel/ }));
    await first.user.click(await screen.findByRole('menuitemradio', { name: /Grace Fellowship/ }));

    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c2');
    expect(sessionStorage.getItem(COMMUNITY_SWITCHED_KEY)).toBe('Grace Fellowship');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Community switched!')).not.toBeInTheDocument();

    // The reload: the app starts again from scratch on the same page.
    first.unmount();
    const second = renderWithCommunities('/tracking');
    expect(await findToast('Community switched!')).toHaveTextContent('Now viewing Grace Fellowship');
    expect(await screen.findByRole('button', { name: /Current community: Grace Fellowship/ })).toBeInTheDocument();
    // Every call now names the chosen community (the user's own calls name none: the notification poll
    // covers all of the user's communities).
    const userWide = ['/api/user', '/api/memberships', '/api/notifications'];
    const calls = second.api.requests.filter((request) => !userWide.includes(request.url));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers.get('X-Community-Id')).toBe('c2');
    expect(sessionStorage.getItem(COMMUNITY_SWITCHED_KEY)).toBeNull();

    // Only once: a later reload says nothing.
    second.unmount();
    resetToasts(); // the toast store outlives a render, unlike a real page
    renderWithCommunities('/tracking');
    await screen.findByRole('button', { name: /Current community: Grace Fellowship/ });
    expect(screen.queryByText('Community switched!')).not.toBeInTheDocument();
  });

  it('does nothing when the current community is chosen again', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c1');
    const reload = stubReload();
    const { user } = renderWithCommunities();
    await user.click(await screen.findByRole('button', { name: /Current community: Hope Chapel/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Hope Chapel/ }));
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(COMMUNITY_SWITCHED_KEY)).toBeNull();
  });

  it('falls back to the first membership when the stored community is no longer among them', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'left-long-ago');
    renderWithCommunities();
    expect(await screen.findByRole('button', { name: /Current community: Hope Chapel/ })).toBeInTheDocument();
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c1');
  });

  it("opens /community-access from 'Join or create a community'", async () => {
    const { user, location } = renderWithCommunities();
    await user.click(await screen.findByRole('button', { name: /Current community/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Join or create a community' }));
    expect(await screen.findByRole('heading', { name: 'Your Communities' })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
  });

  it('is in the mobile menu too', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c1');
    const reload = stubReload();
    const { user } = renderWithCommunities();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(sheet).getByRole('button', { name: /Current community: Hope Chapel/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Grace Fellowship/ }));
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c2');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
