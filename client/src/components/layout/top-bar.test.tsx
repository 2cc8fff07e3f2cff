import { screen, within } from '@testing-library/react';
import type { MembershipView } from '@shared/contracts/communities';
import { makeMembership, makeUser } from '@/test/fixtures';
import { json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

/** The avatar button is named by its visible text: the member's name, then 'account menu'. */
const ACCOUNT_MENU = /, account menu$/;

function renderShell(path = '/', roles: MembershipView['roles'] = ['Member']) {
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () =>
      json([makeMembership({ communityId: 'c1', roles, role: roles[0], community: { id: 'c1', name: 'Hope Chapel', description: null } })]),
    'POST /api/logout': () => json({ message: 'Signed out.' }),
    'GET /api/notifications': () => json([]),
  });
  return { ...renderApp(path), api };
}

describe('top bar', () => {
  it('has the brand, the navigation, the community switcher, the bell and the user menu', async () => {
    renderShell();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Steadfast')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /Current community: Hope Chapel/ })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const accountMenu = within(header).getByRole('button', { name: ACCOUNT_MENU });
    // axe's label-content-name-mismatch: the name shown beside the avatar is part of the button's name.
    expect(accountMenu).toHaveAccessibleName(expect.stringContaining(makeUser().displayName));
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/'],
      ['My Tracking', '/tracking'],
      ['Questions', '/questions'],
      ['Meetings', '/meetings'],
      ['My Subgroup', '/my-subgroup'],
      ['Reports', '/reports'],
    ]);
  });

  it('adds Administration to the main navigation for an admin of the community on screen', async () => {
    const { user, location } = renderShell('/', ['CommunityModerator']);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'My Tracking',
      'Questions',
      'Meetings',
      'My Subgroup',
      'Reports',
      'Administration',
    ]);
    await user.click(within(nav).getByRole('link', { name: 'Administration' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(within(nav).getByRole('link', { name: 'Administration' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps each label on one line, and leaves the icons out below 1024 px so all seven items fit from 768 px', async () => {
    renderShell('/', ['CommunityModerator']);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    for (const link of within(nav).getAllByRole('link')) {
      expect(link).toHaveClass('whitespace-nowrap');
      expect(link.querySelector('svg')).toHaveClass('hidden', 'lg:inline');
    }
  });

  it('navigates with the main navigation', async () => {
    const { user, location } = renderShell();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'My Tracking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Tracking' })).toBeInTheDocument();
    expect(location()).toBe('/tracking');
  });

  it.each([
    ['Profile Settings', '/profile', 'Profile Settings'],
    ['Administration', '/admin', 'Administration'],
  ])("opens %s from the user menu", async (item, path, heading) => {
    const { user, location } = renderShell();
    await user.click(await screen.findByRole('button', { name: ACCOUNT_MENU }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it('lists the four user menu items and signs out from it', async () => {
    const { user, api, location } = renderShell();
    await user.click(await screen.findByRole('button', { name: ACCOUNT_MENU }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile Settings',
      'Switch Communities',
      'Administration',
      'Sign Out',
    ]);

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(await findToast('Signed out successfully')).toBeInTheDocument();
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(location()).toBe('/auth');
  });

  it('opens the navigation as a slide-out menu from the labelled menu button', async () => {
    const { user, location } = renderShell('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(sheet).getByRole('link', { name: 'Questions' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument();
    expect(location()).toBe('/questions');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('opens the notification bell', async () => {
    const { user } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/You're all caught up/)).toBeInTheDocument();
  });
});
