import { act, screen, waitFor, within } from '@testing-library/react';
import type { CommunityMember, MemberExportRow, MembershipView } from '@shared/contracts/communities';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { TARGET_KEYS, type TargetKey } from '@shared/domain/disciplines';
import { parseCsv } from '@/lib/csv';
import { makeMember, makeMembership, makeStats, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { servesMembers } from '@/test/member-pages';
import { findToast, loadScreens, renderApp } from '@/test/render-app';

// The admin screen loads on demand: its code is imported before the tests, which wait for what they render.
loadScreens('/admin');

const me = makeUser();
const self = makeMember({ id: me.id, displayName: 'Ruth Moab', email: 'ruth@example.org', role: 'CommunityModerator', roles: ['CommunityModerator'] });
const naomi = makeMember({ displayName: 'Naomi Ephrath', email: 'naomi@example.org' });
const boaz = makeMember({ displayName: 'Boaz of Bethlehem', email: 'boaz@FIELDS.org', role: 'Commander', roles: ['Commander'] });
const orpah = makeMember({ displayName: 'Orpah, "of Moab"', email: 'orpah@example.org', isImported: true });
const MEMBERS = [self, naomi, boaz, orpah];

const ALPHA: SubgroupView = {
  id: 'a0000000-0000-4000-8000-00000000000a',
  communityId: 'c1',
  name: 'Alpha Group',
  description: null,
  commanderId: null,
  commanderName: null,
  memberCount: 0,
  createdAt: '2026-03-14T15:00:00.000Z',
};
const BETA: SubgroupView = { ...ALPHA, id: 'b0000000-0000-4000-8000-00000000000b', name: 'Beta Group' };

function moderator(roles: MembershipView['roles'] = ['CommunityModerator']) {
  return makeMembership({ communityId: 'c1', role: roles[0]!, roles, community: { id: 'c1', name: 'Hope Chapel', description: null } });
}

function renderMembers(routes: Record<string, Handler> = {}, membership = moderator()) {
  const api = mockApi({
    'GET /api/user': () => json(me),
    'GET /api/memberships': () => json([membership]),
    'GET /api/communities/c1/members': servesMembers(MEMBERS),
    'GET /api/communities/c1/stats': () => json(makeStats()),
    'GET /api/communities/c1/subgroups': () => json([ALPHA, BETA]),
    ...routes,
  });
  return { ...renderApp('/admin?tab=members'), api };
}

const memberList = () => screen.findByRole('list', { name: 'Members' });
const rowNames = () =>
  within(screen.getByRole('list', { name: 'Members' }))
    .getAllByRole('listitem')
    .map((item) => document.getElementById(item.getAttribute('aria-labelledby')!)?.textContent);
const row = (name: string) => screen.getByRole('listitem', { name });

describe('Members tab', () => {
  it('lists the members with role badges, the transition note and the imported-members hint', async () => {
    renderMembers();
    await memberList();
    expect(rowNames()).toEqual(['Ruth Moab', 'Naomi Ephrath', 'Boaz of Bethlehem', 'Orpah, "of Moab"']);
    expect(within(row('Ruth Moab')).getByText('You')).toBeInTheDocument();
    expect(within(row('Ruth Moab')).getByText('Community Moderator')).toBeInTheDocument();
    expect(within(row('Boaz of Bethlehem')).getByText('Commander')).toBeInTheDocument();
    expect(within(row('Orpah, "of Moab"')).getByText('Imported')).toBeInTheDocument();
    expect(screen.getByText('Imported members sign up and claim their history')).toBeInTheDocument();
    expect(screen.getByText(/Moving your community over from spreadsheets/)).toBeInTheDocument();
    expect(screen.queryByText(/default password/i)).not.toBeInTheDocument();
  });

  it('filters by display name or e-mail, ignoring case', async () => {
    const { user } = renderMembers();
    await memberList();
    const search = screen.getByRole('searchbox', { name: 'Search members' });

    await user.type(search, 'NAOMI');
    await waitFor(() => expect(rowNames()).toEqual(['Naomi Ephrath']));

    await user.clear(search);
    await user.type(search, 'fields.ORG');
    await waitFor(() => expect(rowNames()).toEqual(['Boaz of Bethlehem']));

    await user.clear(search);
    await user.type(search, 'moab');
    await waitFor(() => expect(rowNames()).toEqual(['Ruth Moab', 'Orpah, "of Moab"']));

    await user.clear(search);
    await user.type(search, 'zebulun');
    expect(await screen.findByText('No members match "zebulun".')).toBeInTheDocument();
  });

  it('retries a failed members fetch up to 3 times', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let attempts = 0;
    renderMembers({
      'GET /api/communities/c1/members': (request) => {
        attempts += 1;
        return attempts <= 3 ? apiError(503, 'Please try again in a moment.') : servesMembers(MEMBERS)(request);
      },
    });
    // The lazy tab has loaded and asked once (waited for by Testing Library, inside act) before the clock is driven.
    await waitFor(() => expect(attempts).toBeGreaterThan(0));
    // The retries back off 1 s, 2 s and 4 s.
    await vi.waitFor(
      async () => {
        await act(() => vi.advanceTimersByTimeAsync(1000));
        expect(screen.getByRole('list', { name: 'Members' })).toBeInTheDocument();
      },
      { timeout: 5000, interval: 50 },
    );
    expect(attempts).toBe(4);
  });

  describe('role editor', () => {
    async function openEditor(name: string, routes: Record<string, Handler> = {}, membership = moderator()) {
      const view = renderMembers(routes, membership);
      await memberList();
      await view.user.click(within(row(name)).getByRole('button', { name: `Edit roles for ${name}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Roles' });
      return { ...view, dialog };
    }

    it('offers the roles the viewer may grant, never SuperAdmin', async () => {
      const { dialog } = await openEditor('Naomi Ephrath');
      expect(within(dialog).getAllByRole('checkbox').map((box) => box.closest('label')?.querySelector('.font-medium')?.textContent)).toEqual([
        'Community Moderator',
        'Commander',
        'Member',
      ]);
      expect(within(dialog).getByRole('checkbox', { name: /^Member/ })).toBeChecked();
      expect(within(dialog).getByRole('checkbox', { name: /^Commander/ })).not.toBeChecked();
    });

    it('lets an InstitutionAdmin grant InstitutionAdmin too', async () => {
      const { dialog } = await openEditor('Naomi Ephrath', {}, moderator(['InstitutionAdmin']));
      expect(within(dialog).getByRole('checkbox', { name: /^Institution Admin/ })).toBeInTheDocument();
      expect(within(dialog).queryByRole('checkbox', { name: /^Super Admin/ })).not.toBeInTheDocument();
    });

    it("changes nothing until 'Apply Changes', then sends the chosen roles and shows 'Role Updated'", async () => {
      const patch = deferred<Response>();
      const { user, dialog, api } = await openEditor('Naomi Ephrath', { [`PATCH /api/users/${naomi.id}/role`]: () => patch.promise });
      await user.click(within(dialog).getByRole('checkbox', { name: /^Commander/ }));
      expect(api.calls('PATCH', `/api/users/${naomi.id}/role`)).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Apply Changes' }));
      expect(await within(dialog).findByRole('button', { name: 'Applying...' })).toBeDisabled();
      expect(api.calls('PATCH', `/api/users/${naomi.id}/role`)[0]?.body).toEqual({ roles: ['Commander', 'Member'] });
      expect(api.calls('PATCH', `/api/users/${naomi.id}/role`)[0]?.headers.get('X-Community-Id')).toBe('c1');

      patch.resolve(json({ ...naomi, role: 'Commander', roles: ['Commander', 'Member'] } satisfies CommunityMember));
      expect(await findToast('Role Updated')).toHaveTextContent('Naomi Ephrath is now Commander.');
      expect(screen.queryByRole('dialog', { name: 'Edit Roles' })).not.toBeInTheDocument();
      expect(within(row('Naomi Ephrath')).getByText('Commander')).toBeInTheDocument();
    });

    it('Cancel sends nothing', async () => {
      const { user, dialog, api } = await openEditor('Naomi Ephrath');
      await user.click(within(dialog).getByRole('checkbox', { name: /^Commander/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog', { name: 'Edit Roles' })).not.toBeInTheDocument();
      expect(api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
    });

    it('sets Member when no role is selected', async () => {
      const { user, dialog, api } = await openEditor('Boaz of Bethlehem', {
        [`PATCH /api/users/${boaz.id}/role`]: () => json({ ...boaz, role: 'Member', roles: ['Member'] }),
      });
      await user.click(within(dialog).getByRole('checkbox', { name: /^Commander/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Apply Changes' }));
      expect(await findToast('Role Updated')).toBeInTheDocument();
      expect(api.calls('PATCH', `/api/users/${boaz.id}/role`)[0]?.body).toEqual({ roles: ['Member'] });
    });

    it("does not offer editing one's own roles: the buttons are disabled and say why", async () => {
      const { user, api } = renderMembers();
      await memberList();
      const edit = within(row('Ruth Moab')).getByRole('button', { name: 'Edit roles for Ruth Moab' });
      expect(edit).toBeDisabled();
      expect(edit).toHaveAccessibleDescription('This is you: another moderator can change your roles, and you cannot remove yourself from the community.');
      expect(within(row('Ruth Moab')).getByRole('button', { name: 'Remove Ruth Moab' })).toBeDisabled();
      await user.click(edit);
      expect(screen.queryByRole('dialog', { name: 'Edit Roles' })).not.toBeInTheDocument();
      expect(api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
      expect(within(row('Naomi Ephrath')).getByRole('button', { name: 'Edit roles for Naomi Ephrath' })).toBeEnabled();
    });

    it('does not offer changing or removing someone who outranks the viewer, and says why', async () => {
      const overseer = makeMember({ displayName: 'Deborah Judge', email: 'deborah@example.org', roles: ['Member'], rank: 'InstitutionAdmin' });
      renderMembers({ 'GET /api/communities/c1/members': servesMembers([...MEMBERS, overseer]) });
      await memberList();
      const edit = within(row('Deborah Judge')).getByRole('button', { name: 'Edit roles for Deborah Judge' });
      expect(edit).toBeDisabled();
      expect(within(row('Deborah Judge')).getByRole('button', { name: 'Remove Deborah Judge' })).toBeDisabled();
      expect(edit).toHaveAccessibleDescription('Above your role (Institution Admin): only someone of that rank can change their roles or remove them.');
      expect(within(row('Deborah Judge')).getByText(/Above your role \(Institution Admin\)/)).toBeInTheDocument();
    });

    it("shows the permission message on a 403", async () => {
      const { user, dialog } = await openEditor('Naomi Ephrath', {
        [`PATCH /api/users/${naomi.id}/role`]: () => apiError(403, 'You cannot grant a role above your own.'),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Apply Changes' }));
      expect(await findToast('Failed to Update Roles')).toHaveTextContent("You don't have permission to modify this user's roles");
    });

    it("shows the server's message on another failure", async () => {
      const { user, dialog } = await openEditor('Naomi Ephrath', {
        [`PATCH /api/users/${naomi.id}/role`]: () => apiError(409, 'A community needs at least one Community Moderator.'),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Apply Changes' }));
      expect(await findToast('Failed to Update Roles')).toHaveTextContent('A community needs at least one Community Moderator.');
    });

    it("falls back to 'Please try again' without a server message", async () => {
      const { user, dialog } = await openEditor('Naomi Ephrath', {
        [`PATCH /api/users/${naomi.id}/role`]: () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Apply Changes' }));
      expect(await findToast('Failed to Update Roles')).toHaveTextContent('Please try again');
    });
  });

  describe('removing a member', () => {
    it('asks first, then removes with DELETE and takes the member off the list', async () => {
      const removal = deferred<Response>();
      const { user, api } = renderMembers({ [`DELETE /api/communities/c1/members/${naomi.id}`]: () => removal.promise });
      await memberList();
      await user.click(within(row('Naomi Ephrath')).getByRole('button', { name: 'Remove Naomi Ephrath' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Remove Member' });
      expect(confirm).toHaveTextContent('Are you sure you want to remove Naomi Ephrath from the community? This action cannot be undone.');
      expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

      await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
      expect(await within(confirm).findByRole('button', { name: 'Removing...' })).toBeDisabled();
      expect(api.calls('DELETE', `/api/communities/c1/members/${naomi.id}`)).toHaveLength(1);

      removal.resolve(json({ message: 'Member removed.' }));
      expect(await findToast('Member Removed')).toBeInTheDocument();
      expect(screen.queryByRole('listitem', { name: 'Naomi Ephrath' })).not.toBeInTheDocument();
      expect(rowNames()).toEqual(['Ruth Moab', 'Boaz of Bethlehem', 'Orpah, "of Moab"']);
    });

    it('Cancel keeps the member', async () => {
      const { user, api } = renderMembers();
      await memberList();
      await user.click(within(row('Naomi Ephrath')).getByRole('button', { name: 'Remove Naomi Ephrath' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
      expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
      expect(row('Naomi Ephrath')).toBeInTheDocument();
    });

    it('does not offer removing oneself (the reason says one cannot remove oneself from the community)', async () => {
      const { user, api } = renderMembers();
      await memberList();
      const remove = within(row('Ruth Moab')).getByRole('button', { name: 'Remove Ruth Moab' });
      expect(remove).toHaveAccessibleDescription(/you cannot remove yourself from the community/);
      await user.click(remove);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    });

    it.each([
      ['the server message', () => apiError(409, 'A community needs at least one Community Moderator.'), 'A community needs at least one Community Moderator.'],
      ['the fallback', () => new Response('', { status: 500, statusText: 'Internal Server Error' }), 'Failed to remove member'],
    ])("shows 'Removal Failed' with %s", async (_case, answer, message) => {
      const { user } = renderMembers({ [`DELETE /api/communities/c1/members/${naomi.id}`]: answer });
      await memberList();
      await user.click(within(row('Naomi Ephrath')).getByRole('button', { name: 'Remove Naomi Ephrath' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
      expect(await findToast('Removal Failed')).toHaveTextContent(message);
      expect(row('Naomi Ephrath')).toBeInTheDocument();
    });
  });

  describe('Export to CSV', () => {
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    afterEach(() => Object.assign(URL, original));

    function captureDownload() {
      const blobs: Blob[] = [];
      const names: string[] = [];
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:export';
        },
        revokeObjectURL: () => {},
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      return { blobs, names };
    }

    const targetsOf = (overrides: Partial<Record<TargetKey, string | null>> = {}) =>
      ({ ...Object.fromEntries(TARGET_KEYS.map((key) => [key, null])), ...overrides }) as Record<TargetKey, string | null>;
    const EXPORT_ROWS: MemberExportRow[] = [
      { displayName: 'Ruth Moab', email: 'ruth@example.org', role: 'CommunityModerator', ...targetsOf() },
      { displayName: 'Naomi Ephrath', email: 'naomi@example.org', role: 'Member', ...targetsOf({ bibleReading: '2 chapters', prayerWalk: 'Yes' }) },
      { displayName: 'Boaz of Bethlehem', email: 'boaz@FIELDS.org', role: 'Commander', ...targetsOf() },
      { displayName: 'Orpah, "of Moab"', email: 'orpah@example.org', role: 'Member', ...targetsOf({ fasting: '=noon' }) },
    ];
    const exportRoute = { 'GET /api/export/csv': () => json(EXPORT_ROWS) };

    it("downloads every member of GET /api/export/csv with the export columns and shows 'Export Successful'", async () => {
      const download = captureDownload();
      const { user, api } = renderMembers(exportRoute);
      await memberList();
      await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'naomi'); // the export ignores the search
      await user.click(screen.getByRole('button', { name: 'Export to CSV' }));

      expect(await findToast('Export Successful')).toHaveTextContent('4 members exported.');
      expect(download.names[0]).toMatch(/^members-hope-chapel-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await download.blobs[0]!.text()).replace(/^\uFEFF/, '');
      const rows = parseCsv(text);
      expect(rows[0]).toEqual([
        'Display Name',
        'Email',
        'Role',
        'Bible Reading',
        'Fasting',
        'Morning Intimacy',
        'Midnight Prayer',
        'Meditation',
        'Monthly Retreat',
        'Prayer Walk',
        'Evangelism',
        '1 Hr Silence',
      ]);
      expect(rows.slice(1).map((cells) => cells.slice(0, 3))).toEqual([
        ['Ruth Moab', 'ruth@example.org', 'Community Moderator'],
        ['Naomi Ephrath', 'naomi@example.org', 'Member'],
        ['Boaz of Bethlehem', 'boaz@FIELDS.org', 'Commander'],
        ['Orpah, "of Moab"', 'orpah@example.org', 'Member'],
      ]);
      expect(rows[1]!.slice(3)).toEqual(Array(9).fill(''));
      expect(rows[2]!.slice(3)).toEqual(['2 chapters', '', '', '', '', '', 'Yes', '', '']);
      expect(rows[4]![4]).toBe("'=noon");
      expect(api.requests.some((request) => request.url.endsWith('/api/export/csv') && request.headers.get('X-Community-Id') === 'c1')).toBe(true);
    });

    it("shows 'Export Failed' when the file cannot be made", async () => {
      Object.assign(URL, {
        createObjectURL: () => {
          throw new Error('Blocked by the browser');
        },
      });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = renderMembers(exportRoute);
      await memberList();
      await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
      expect(await findToast('Export Failed')).toHaveTextContent('Failed to export member data');
    });

    it("shows 'Export Failed' when the server refuses the export", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = renderMembers({ 'GET /api/export/csv': () => apiError(500, 'Something went wrong on our side.') });
      await memberList();
      await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
      expect(await findToast('Export Failed')).toHaveTextContent('Failed to export member data');
    });
  });

  describe('a congregation of 2,000', () => {
    const CONGREGATION = [
      self,
      ...Array.from({ length: 1999 }, (_, i) => makeMember({ displayName: `Member ${String(i + 1).padStart(4, '0')}`, email: `member${i + 1}@congregation.org` })),
    ];
    const renderCongregation = () => renderMembers({ 'GET /api/communities/c1/members': servesMembers(CONGREGATION) });
    const rows = () => within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    const jsdomScrollY = Object.getOwnPropertyDescriptor(window, 'scrollY')!;
    afterEach(() => {
      Object.defineProperty(window, 'scrollY', jsdomScrollY);
    });

    it('renders only a window of rows, each telling its place among all 2,000', async () => {
      const { api } = renderCongregation();
      await memberList();
      expect(screen.getByRole('heading', { name: 'Members (2,000)' })).toBeInTheDocument();
      const shown = rows();
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.length).toBeLessThan(40);
      expect(rowNames().slice(0, 3)).toEqual(['Ruth Moab', 'Member 0001', 'Member 0002']);
      expect(shown[0]).toHaveAttribute('aria-posinset', '1');
      expect(shown[0]).toHaveAttribute('aria-setsize', '2000');
      expect(within(row('Member 0001')).getByRole('button', { name: 'Edit roles for Member 0001' })).toBeEnabled();
      expect(screen.queryByRole('listitem', { name: 'Member 1999' })).not.toBeInTheDocument();

      // Only the first page is read; scrolling the page reads on as it nears the end of what was read,
      // brings later rows in and takes the first ones out.
      expect(api.requests.filter((request) => request.url.startsWith('/api/communities/c1/members')).map((request) => request.url)).toEqual(['/api/communities/c1/members?limit=50']);
      const rowHeight = parseFloat(screen.getByRole('list', { name: 'Members' }).style.height) / 50;
      Object.defineProperty(window, 'scrollY', { configurable: true, value: rowHeight * 1500 });
      act(() => void window.dispatchEvent(new Event('scroll')));
      await waitFor(() => expect(rowNames()).toContain('Member 1500'), { timeout: 20_000 });
      expect(screen.queryByRole('listitem', { name: 'Ruth Moab' })).not.toBeInTheDocument();
      expect(rows().length).toBeLessThan(40);
    });

    it('asks the server to search all 2,000 once typing pauses, not per key and not only the rows on screen', async () => {
      const { user, api } = renderCongregation();
      await memberList();
      const search = screen.getByRole('searchbox', { name: 'Search members' });
      const searches = () => api.requests.map((request) => new URL(request.url, 'http://test').searchParams.get('search')).filter((term) => term !== null);

      await user.type(search, 'member1999@');
      await waitFor(() => expect(rowNames()).toEqual(['Member 1999']));
      expect(searches()).toEqual(['member1999@']);
      expect(screen.getByRole('status')).toHaveTextContent('1 member matches "member1999@".');

      // 1,000 matches (Member 1000 to 1999): a window of the first page, each row placed among the 1,000.
      await user.clear(search);
      await user.type(search, 'member 1');
      await waitFor(() => expect(rows()[0]).toHaveAttribute('aria-setsize', '1000'));
      expect(rowNames()[0]).toBe('Member 1000');
      expect(rows().length).toBeLessThan(40);

      // Ten matches, all on the first page: every row rendered.
      await user.type(search, '99');
      await waitFor(() => expect(rows()).toHaveLength(10));
      expect(rowNames()[9]).toBe('Member 1999');
      expect(rows()[0]).not.toHaveAttribute('aria-setsize');

      await user.clear(search);
      await user.type(search, 'nobody here');
      expect(await screen.findByText('No members match "nobody here".')).toBeInTheDocument();

      await user.clear(search);
      await waitFor(() => expect(rows()[0]).toHaveAttribute('aria-setsize', '2000'));
    });
  });

  describe('subgroup from the row (CHECKLIST I12)', () => {
    const subgroupOf = (name: string) => within(row(name)).getByRole('combobox', { name: `Subgroup for ${name}` });

    it("shows each member's subgroup and assigns one with PATCH /api/users/{id}/subgroup, saying 'Member Assigned'", async () => {
      let members = [self, { ...naomi, subgroupId: BETA.id }, boaz, orpah];
      const { user, api } = renderMembers({
        'GET /api/communities/c1/members': servesMembers(members),
        [`PATCH /api/users/${orpah.id}/subgroup`]: (request) => {
          const { subgroupId } = request.body as { subgroupId: string | null };
          members = members.map((member) => (member.id === orpah.id ? { ...member, subgroupId } : member));
          return json({ userId: orpah.id, subgroupId });
        },
      });
      await memberList();
      await waitFor(() => expect(subgroupOf('Naomi Ephrath')).toHaveDisplayValue('Beta Group'));
      expect(subgroupOf('Orpah, "of Moab"')).toHaveDisplayValue('Unassigned');
      expect(within(subgroupOf('Orpah, "of Moab"')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Unassigned', 'Alpha Group', 'Beta Group']);

      await user.selectOptions(subgroupOf('Orpah, "of Moab"'), 'Alpha Group');
      expect(await findToast('Member Assigned')).toHaveTextContent('Orpah, "of Moab" joined Alpha Group.');
      expect(api.calls('PATCH', `/api/users/${orpah.id}/subgroup`)[0]!.body).toEqual({ subgroupId: ALPHA.id });
      await waitFor(() => expect(subgroupOf('Orpah, "of Moab"')).toHaveDisplayValue('Alpha Group'));

      await user.selectOptions(subgroupOf('Orpah, "of Moab"'), 'Unassigned');
      expect(await findToast('Member Unassigned')).toBeInTheDocument();
      expect(api.calls('PATCH', `/api/users/${orpah.id}/subgroup`)[1]!.body).toEqual({ subgroupId: null });
    });

    it("shows 'Assignment Failed' with the server's message", async () => {
      const { user } = renderMembers({ [`PATCH /api/users/${naomi.id}/subgroup`]: () => apiError(404, 'Subgroup not found.') });
      await memberList();
      await waitFor(() => expect(subgroupOf('Naomi Ephrath')).toBeEnabled());
      await user.selectOptions(subgroupOf('Naomi Ephrath'), 'Beta Group');
      expect(await findToast('Assignment Failed')).toHaveTextContent('Subgroup not found.');
      await waitFor(() => expect(subgroupOf('Naomi Ephrath')).toHaveDisplayValue('Unassigned'));
    });

    it("says that a commander who leads a subgroup without being assigned to one leads it, not 'Unassigned'", async () => {
      renderMembers({ 'GET /api/communities/c1/subgroups': () => json([{ ...ALPHA, commanderId: boaz.id, commanderName: boaz.displayName }, BETA]) });
      await memberList();
      await waitFor(() => expect(subgroupOf('Boaz of Bethlehem')).toHaveDisplayValue('Leads Alpha Group'));
    });

    it("does not call everyone 'Unassigned' when the subgroups cannot be loaded: it says so, with Retry", async () => {
      let failing = true;
      const { user } = renderMembers({
        'GET /api/communities/c1/subgroups': () => (failing ? apiError(500, 'Database unavailable.') : json([ALPHA, BETA])),
        'GET /api/communities/c1/members': servesMembers([self, { ...naomi, subgroupId: BETA.id }]),
      });
      await memberList();
      const alert = await screen.findByText(/We could not load the subgroups, so members cannot be assigned to one here\. Database unavailable\./, undefined, { timeout: 5000 });
      expect(screen.queryByRole('option', { name: 'Unassigned' })).not.toBeInTheDocument();
      expect(subgroupOf('Naomi Ephrath')).toBeDisabled();
      failing = false;
      await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(subgroupOf('Naomi Ephrath')).toHaveDisplayValue('Beta Group'));
      expect(screen.queryByText(/We could not load the subgroups/)).not.toBeInTheDocument();
    });
  });

  it("shows 'Admin Access Required' and the role to a Commander", async () => {
    renderMembers({}, moderator(['Commander']));
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByText('Current role: Commander')).toBeInTheDocument();
  });
});
