import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { screen, waitFor, within } from '@testing-library/react';
import type { MembershipView } from '@shared/contracts/communities';
import { COMMUNITY_STORAGE_KEY } from '@/lib/community';
import { makeCommunity, makeMember, makeMembership, makeStats, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { servesMembers } from '@/test/member-pages';
import { findToast, renderApp } from '@/test/render-app';

const ALL_TABS = ['Overview', 'Community Settings', 'Members', 'Invite Codes', 'New Members', 'Subgroups', 'Guidance Panel', 'Calendar Locks', 'Reports'];

const moderatorOf = (communityId: string, name: string) =>
  makeMembership({ communityId, role: 'CommunityModerator', roles: ['CommunityModerator'], community: { id: communityId, name, description: null } });
const memberOf = (communityId: string, name: string, roles: MembershipView['roles'] = ['Member']) =>
  makeMembership({ communityId, role: roles[0]!, roles, community: { id: communityId, name, description: null } });

function renderAdmin(memberships: MembershipView[], path = '/admin', routes: Record<string, Handler> = {}) {
  let currentMemberships = memberships;
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json(currentMemberships),
    'GET /api/communities/c1/stats': () => json(makeStats()),
    'GET /api/communities/c1': () => json(makeCommunity()),
    ...routes,
  });
  return { ...renderApp(path), api, setMemberships: (next: MembershipView[]) => (currentMemberships = next) };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('/admin tabs', () => {
  it('offers the sections as one picker too (shown instead of the tabs below 1280 px; above, the tabs wrap where a language names them at length)', async () => {
    const { user, location } = renderAdmin([moderatorOf('c1', 'Hope Chapel')]);
    const picker = await screen.findByRole('combobox', { name: 'Section' });
    expect(picker.closest('[class~="xl:hidden"]')).not.toBeNull();
    const tabs = screen.getByRole('tablist', { name: 'Administration sections' });
    expect(tabs).toHaveClass('hidden', 'xl:flex');
    expect(tabs).toHaveClass('flex-wrap');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(ALL_TABS);
    await user.selectOptions(picker, 'invites');
    expect(location()).toBe('/admin?tab=invites');
    expect(screen.getByRole('tab', { name: 'Invite Codes', selected: true })).toBeInTheDocument();
  });

  it("shows a Community Moderator all nine tabs and the 'Community Moderator' badge", async () => {
    renderAdmin([moderatorOf('c1', 'Hope Chapel')]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByText('Community Moderator')).toBeInTheDocument();
    expect(tabNames()).toEqual(ALL_TABS);
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
  });

  it.each([
    ['Member', ['Member'] as MembershipView['roles']],
    ['Commander', ['Commander'] as MembershipView['roles']],
  ])('shows a %s only the Overview tab, with their role as the badge', async (role, roles) => {
    renderAdmin([memberOf('c1', 'Hope Chapel', roles)]);
    await screen.findByRole('heading', { level: 1, name: 'Administration' });
    expect(tabNames()).toEqual(['Overview']);
    expect(screen.getAllByText(role)[0]).toBeInTheDocument();
    expect(screen.queryByText('Community Moderator')).not.toBeInTheDocument();
  });

  it('decides by the membership of the community on screen, not the first one', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c1');
    renderAdmin([moderatorOf('c2', 'Grace'), memberOf('c1', 'Hope Chapel')]);
    await screen.findByRole('heading', { level: 1, name: 'Administration' });
    expect(tabNames()).toEqual(['Overview']);
  });

  it("shows 'Admin Access Required' with 'Current role: Member' when a Member opens the Members tab by link", async () => {
    const { api } = renderAdmin([memberOf('c1', 'Hope Chapel')], '/admin?tab=members');
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByText('Current role: Member')).toBeInTheDocument();
    expect(api.calls('GET', '/api/communities/c1/members')).toHaveLength(0);
  });

  it('switches tabs with the arrow keys and keeps the open tab in the address', async () => {
    const { user, location } = renderAdmin([moderatorOf('c1', 'Hope Chapel')]);
    const overview = await screen.findByRole('tab', { name: 'Overview' });
    await user.click(overview);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Community Settings', selected: true })).toHaveFocus();
    expect(location()).toBe('/admin?tab=settings');
    expect(await screen.findByRole('heading', { name: 'Community Information' })).toBeInTheDocument();
  });

  it.each([
    ['New Members', 'applications', 'GET', '/api/member-applications', 'Share your apply link'],
    ['Guidance Panel', 'guidance', 'GET', '/api/communities/c1/guidance', 'Edit Guidance'],
  ])('opens the %s tab with its own data', async (label, value, method, url, text) => {
    const { api } = renderAdmin([moderatorOf('c1', 'Hope Chapel')], `/admin?tab=${value}`, {
      'GET /api/member-applications': () => json([]),
      'GET /api/communities/c1/guidance': () => json({ sections: [], contentMarkdown: '', updatedAt: null }),
      'GET /api/communities/c1/members': servesMembers([]),
    });
    expect(await screen.findByRole('tab', { name: label, selected: true })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(api.calls(method, url).length).toBeGreaterThan(0));
  });

  it('opens the Reports tab without reading the member list (the export reads it when asked)', async () => {
    const { api } = renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin?tab=reports', { 'GET /api/communities/c1/members': servesMembers([]) });
    expect(await screen.findByRole('button', { name: 'Generate Report' })).toBeEnabled();
    expect(api.requests.filter((request) => request.url.startsWith('/api/communities/c1/members'))).toHaveLength(0);
  });

  it('opens the calendar locks of the current community in the Calendar Locks tab', async () => {
    const { api } = renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin?tab=calendar-locks', { 'GET /api/communities/c1/calendar-locks': () => json([]) });
    expect(await screen.findByRole('tab', { name: 'Calendar Locks', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Lock Month' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/communities/c1/calendar-locks')).toHaveLength(1);
  });
});

describe('Overview', () => {
  it('shows the community numbers; a member sees no Recent Activity (the audit log is for admins)', async () => {
    const { api } = renderAdmin([memberOf('c1', 'Hope Chapel')]);
    const stat = (label: string) => screen.getByRole('group', { name: label });
    await waitFor(() => expect(stat('Total Members')).toHaveTextContent('Total Members12'));
    expect(stat('Active Commanders')).toHaveTextContent('Active Commanders2');
    expect(stat('Avg. Completion')).toHaveTextContent('Avg. Completion64%');
    expect(stat('Open Questions')).toHaveTextContent('Open Questions3');
    expect(screen.queryByRole('heading', { name: 'Recent Activity' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/communities/c1/activity')).toHaveLength(0);
  });

  it('shows an admin the recent activity newest first, and older entries on demand', async () => {
    const entry = (id: string, kind: string, detail = {}, subject: string | null = 'Ruth Okafor') => ({ id, at: new Date().toISOString(), kind, actor: 'Pastor Grace', subject, detail });
    const { user, api } = renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin', {
      'GET /api/communities/c1/activity': () =>
        json({ entries: [entry('a1', 'membership.roles.update', { roles: ['Commander', 'Member'] }), entry('a2', 'subgroup.create', { name: 'Alpha Group' }, 'Alpha Group')], nextCursor: 'next' }),
      'GET /api/communities/c1/activity?cursor=next': () => json({ entries: [entry('a3', 'calendar_lock.lock', { month: 3, year: 2026 }, null)], nextCursor: null }),
    });
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      "Pastor Grace set Ruth Okafor's roles to Commander and Member.",
      'Pastor Grace created the subgroup Alpha Group.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show older activity' }));
    expect(await within(list).findByText('Pastor Grace locked March 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/communities/c1/activity?cursor=next')).toHaveLength(1);
  });

  it('says when there is no activity yet, and offers Retry when it could not be read', async () => {
    let fail = true;
    const { user } = renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin', {
      'GET /api/communities/c1/activity': () => (fail ? apiError(500, 'Something went wrong on our side.') : json({ entries: [], nextCursor: null })),
    });
    const alert = (await screen.findByText(/We could not load the recent activity\./)).closest('[role="alert"]') as HTMLElement;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
  });

  it('counts imported records awaiting a claim apart from the members', async () => {
    renderAdmin([memberOf('c1', 'Hope Chapel')], '/admin', { 'GET /api/communities/c1/stats': () => json(makeStats({ totalMembers: 29, importedUnclaimed: 57 })) });
    const stat = (label: string) => screen.getByRole('group', { name: label });
    await waitFor(() => expect(stat('Total Members')).toHaveTextContent('Total Members29'));
    expect(stat('Total Members')).toHaveTextContent('57 imported, not yet claimed');
  });

  it("shows 'Community not found' when the community is gone", async () => {
    renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin', { 'GET /api/communities/c1/stats': () => apiError(404, 'Community not found.') });
    expect(await screen.findByRole('heading', { name: 'Community not found' })).toBeInTheDocument();
  });
});

describe('Community Settings', () => {
  async function openSettings(routes: Record<string, Handler> = {}) {
    const view = renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin?tab=settings', routes);
    await screen.findByRole('heading', { name: 'Community Information' });
    return view;
  }

  it('shows the name, description, id, created date, totals, time zone, grace days and guidelines', async () => {
    await openSettings();
    const info = screen.getByRole('heading', { name: 'Community Information' }).closest('div.rounded-2xl') as HTMLElement;
    expect(info).toHaveTextContent('Hope Chapel');
    expect(info).toHaveTextContent('Sunday folk walking together');
    expect(info).toHaveTextContent('c1');
    expect(info).toHaveTextContent('March 14, 2026');
    expect(await within(info).findByText('12')).toBeInTheDocument();
    expect(within(info).getByText('America/Chicago')).toBeInTheDocument();
    expect(within(info).getByRole('switch', { name: 'Grace days' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('heading', { name: 'Community Guidelines' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
  });

  it("saves the Edit dialog with PUT and shows 'Community Updated' and the new name", async () => {
    const { user, api } = await openSettings({
      'PUT /api/communities/c1': (request) => json(makeCommunity({ ...(request.body as object) })),
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Community' });
    const timeZone = within(dialog).getByLabelText('Time zone') as HTMLSelectElement;
    expect(timeZone.value).toBe('America/Chicago');
    expect(timeZone.options.length).toBeGreaterThan(100);

    const name = within(dialog).getByLabelText('Community name');
    await user.clear(name);
    await user.type(name, '  Hope Chapel East  ');
    await user.selectOptions(timeZone, 'Europe/London');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Community Updated')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/communities/c1')[0]?.body).toEqual({
      name: 'Hope Chapel East',
      description: 'Sunday folk walking together',
      timeZone: 'Europe/London',
    });
    expect(screen.queryByRole('dialog', { name: 'Edit Community' })).not.toBeInTheDocument();
    expect(await screen.findByText('Hope Chapel East')).toBeInTheDocument();
    expect(screen.getByText('Europe/London')).toBeInTheDocument();
  });

  it("refuses a blank name with 'Name Required' and sends nothing", async () => {
    const { user, api } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Community' });
    await user.clear(within(dialog).getByLabelText('Community name'));
    await user.type(within(dialog).getByLabelText('Community name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Name Required')).toHaveTextContent('Community name cannot be empty.');
    expect(api.calls('PUT', '/api/communities/c1')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit Community' })).toBeInTheDocument();
  });

  it("shows 'Update Failed' when saving fails", async () => {
    const { user } = await openSettings({ 'PUT /api/communities/c1': () => apiError(500, 'Something went wrong on our side. Please try again.') });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Community' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Update Failed')).toHaveTextContent('Something went wrong on our side. Please try again.');
  });

  it('turns grace days on with PUT', async () => {
    const { user, api } = await openSettings({
      'PUT /api/communities/c1': (request) => json(makeCommunity({ ...(request.body as object) })),
    });
    await user.click(screen.getByRole('switch', { name: 'Grace days' }));
    expect(await findToast('Community Updated')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/communities/c1')[0]?.body).toEqual({
      name: 'Hope Chapel',
      description: 'Sunday folk walking together',
      timeZone: 'America/Chicago',
      graceDays: true,
      quietDays: 4,
    });
    expect(screen.getByRole('switch', { name: 'Grace days' })).toHaveAttribute('aria-checked', 'true');
  });

  it("sets the days without a check-in before 'Needs a word' (2 to 14) with PUT", async () => {
    const { user, api } = await openSettings({
      'PUT /api/communities/c1': (request) => json(makeCommunity({ ...(request.body as object) })),
    });
    const select = screen.getByRole('combobox', { name: 'Needs a word after' });
    expect(select).toHaveValue('4');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(Array.from({ length: 13 }, (_, index) => `${index + 2} days`));
    await user.selectOptions(select, '6 days');
    expect(await findToast('Community Updated')).toHaveTextContent('A member who has not checked in for 6 days now needs a word.');
    expect(api.calls('PUT', '/api/communities/c1')[0]?.body).toMatchObject({ name: 'Hope Chapel', graceDays: false, quietDays: 6 });
    expect(select).toHaveValue('6');
  });

  it('keeps chosen disciplines in secret: the switches save every template with its isPrivate', async () => {
    const { user, api } = await openSettings({
      'GET /api/communities/c1/discipline-templates': () => json(DEFAULT_DISCIPLINES),
      'POST /api/communities/c1/discipline-templates': (request) => json((request.body as { templates: unknown }).templates),
    });
    const card = (await screen.findByRole('heading', { name: 'Disciplines kept in secret' })).closest('div.rounded-2xl') as HTMLElement;
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const fasting = await within(card).findByRole('switch', { name: 'Keep Fasting in secret' });
    expect(fasting).toHaveAttribute('aria-checked', 'false');
    await user.click(fasting);
    await user.click(save);
    expect(await findToast('Disciplines saved')).toBeInTheDocument();
    expect(api.calls('POST', '/api/communities/c1/discipline-templates')[0]?.body).toEqual({
      templates: DEFAULT_DISCIPLINES.map((discipline) => ({ ...discipline, isPrivate: discipline.key === 'fasting' })),
    });
    expect(within(card).getByRole('switch', { name: 'Keep Fasting in secret' })).toHaveAttribute('aria-checked', 'true');
    expect(save).toBeDisabled();
  });

  it('asks before leaving; Cancel keeps the membership', async () => {
    const { user, api } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Leave Community' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Community' });
    expect(confirm).toHaveTextContent(
      "Are you sure you want to leave this community? This action cannot be undone and you'll need an invite code to rejoin.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/communities/c1/leave')).toHaveLength(0);
  });

  it("leaves after confirming: POST leave, 'Left community successfully', /community-access", async () => {
    const leave = deferred<Response>();
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c1');
    const { user, api, location, setMemberships } = await openSettings({ 'POST /api/communities/c1/leave': () => leave.promise });
    await user.click(screen.getByRole('button', { name: 'Leave Community' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Community' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave Community' }));

    expect(await within(confirm).findByRole('button', { name: 'Leaving...' })).toBeDisabled();
    expect(api.calls('POST', '/api/communities/c1/leave')[0]?.body).toBeUndefined();

    setMemberships([]);
    leave.resolve(json({ message: 'You have left the community.' }));
    expect(await findToast('Left community successfully')).toHaveTextContent('You can join again with an invitation code from the community.');
    expect(await screen.findByRole('heading', { name: "You're not part of a community yet" })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBeNull();
  });

  it("shows 'Failed to leave community' with the server's message (the last moderator)", async () => {
    const { user, location } = await openSettings({
      'POST /api/communities/c1/leave': () => apiError(409, 'A community needs at least one Community Moderator. Make someone else a moderator first.'),
    });
    await user.click(screen.getByRole('button', { name: 'Leave Community' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Community' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave Community' }));

    expect(await findToast('Failed to leave community')).toHaveTextContent('A community needs at least one Community Moderator.');
    expect(location()).toBe('/admin?tab=settings');
  });
});

describe('leaving as a member', () => {
  it('offers Leave Community on the Overview to someone without admin tabs', async () => {
    const { user, api } = renderAdmin([memberOf('c1', 'Hope Chapel')], '/admin', {
      'POST /api/communities/c1/leave': () => json({ message: 'You have left the community.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Leave Community' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Community' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave Community' }));
    expect(await findToast('Left community successfully')).toBeInTheDocument();
    expect(api.calls('POST', '/api/communities/c1/leave')).toHaveLength(1);
  });
});

describe('leaving as the last Community Moderator', () => {
  const members = (roles: MembershipView['roles'][]) =>
    roles.map((memberRoles, index) => makeMember({ id: index === 0 ? makeUser().id : `a0000000-0000-4000-8000-00000000000${index}`, roles: memberRoles, role: memberRoles[0]! }));

  it('is told why before anything is asked: the button is disabled with the reason', async () => {
    const { user, api } = renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin?tab=settings', {
      'GET /api/communities/c1/members': servesMembers(members([['CommunityModerator'], ['Member']])),
    });
    const leave = await screen.findByRole('button', { name: 'Leave Community' });
    await waitFor(() => expect(leave).toBeDisabled());
    expect(leave).toHaveAccessibleDescription(/You are the last Community Moderator/);
    await user.click(leave);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/communities/c1/leave')).toHaveLength(0);
  });

  it('may leave when another Community Moderator remains', async () => {
    renderAdmin([moderatorOf('c1', 'Hope Chapel')], '/admin?tab=settings', {
      'GET /api/communities/c1/members': servesMembers(members([['CommunityModerator'], ['CommunityModerator']])),
    });
    const leave = await screen.findByRole('button', { name: 'Leave Community' });
    await screen.findByText('Danger Zone');
    expect(leave).toBeEnabled();
    expect(screen.queryByText(/You are the last Community Moderator/)).not.toBeInTheDocument();
  });
});
