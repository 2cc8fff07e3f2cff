import { screen, waitFor, within } from '@testing-library/react';
import type { CommunityMember, MembershipView } from '@shared/contracts/communities';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { makeMember, makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { servesMembers } from '@/test/member-pages';
import { findToast, renderApp } from '@/test/render-app';

const me = makeUser();
const ALPHA_ID = 'a0000000-0000-4000-8000-00000000000a';
const BETA_ID = 'b0000000-0000-4000-8000-00000000000b';

const ruth = makeMember({ id: me.id, displayName: 'Ruth Moab', role: 'CommunityModerator', roles: ['CommunityModerator'] });
const boaz = makeMember({ displayName: 'Boaz of Bethlehem', role: 'Commander', roles: ['Commander'], subgroupId: ALPHA_ID });
const naomi = makeMember({ displayName: 'Naomi Ephrath', subgroupId: ALPHA_ID });
const orpah = makeMember({ displayName: 'Orpah Moab' });
const jesse = makeMember({ displayName: 'Jesse Obed' });
// An institution admin of the institution: a plain Member here by their own roles, yet they may lead.
const eli = makeMember({ displayName: 'Eli Shiloh', role: 'Member', roles: ['Member'], rank: 'InstitutionAdmin' });
const MEMBERS = [ruth, boaz, naomi, orpah, jesse, eli];

function subgroup(overrides: Partial<SubgroupView> = {}): SubgroupView {
  return {
    id: ALPHA_ID,
    communityId: 'c1',
    name: 'Alpha Group',
    description: 'Early risers',
    commanderId: boaz.id,
    commanderName: boaz.displayName,
    memberCount: 2,
    createdAt: '2026-03-14T15:00:00.000Z',
    ...overrides,
  };
}
const ALPHA = subgroup();
const BETA = subgroup({ id: BETA_ID, name: 'Beta Group', description: null, commanderId: null, commanderName: null, memberCount: 0 });

function moderator(roles: MembershipView['roles'] = ['CommunityModerator']) {
  return makeMembership({ communityId: 'c1', role: roles[0]!, roles, community: { id: 'c1', name: 'Hope Chapel', description: null } });
}

const byName = (a: CommunityMember, b: CommunityMember) => a.displayName.localeCompare(b.displayName);

/** The tab over `members` (served by name, a page at a time, as the server does) and `subgroups` (whose commanders lead). */
function renderSubgroups(routes: Record<string, Handler> = {}, membership = moderator(), members: CommunityMember[] = MEMBERS, subgroups = [ALPHA, BETA]) {
  const leaders = subgroups.flatMap((listed) => (listed.commanderId ? [listed.commanderId] : []));
  const api = mockApi({
    'GET /api/user': () => json(me),
    'GET /api/memberships': () => json([membership]),
    'GET /api/notifications': () => json([]),
    'GET /api/communities/c1/subgroups': () => json(subgroups),
    'GET /api/communities/c1/members': servesMembers([...members].sort(byName), leaders),
    ...routes,
  });
  return { ...renderApp('/admin?tab=subgroups'), api };
}

const card = (name: string) => screen.findByRole('group', { name });
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);
const emptyResponse = (status: number) => new Response(status === 204 ? null : '', { status });

describe('Subgroups tab', () => {
  it('shows each subgroup with its member count, commander and members, and the unassigned members', async () => {
    renderSubgroups();
    const alpha = await card('Alpha Group');
    expect(alpha).toHaveTextContent('Early risers');
    expect(alpha).toHaveTextContent('2 members');
    await waitFor(() => expect(within(alpha).getByRole('combobox', { name: 'Commander' })).toHaveValue(boaz.id));
    const alphaMembers = await within(alpha).findByRole('list', { name: 'Members of Alpha Group' });
    expect(within(alphaMembers).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Boaz of Bethlehem'),
      expect.stringContaining('Naomi Ephrath'),
    ]);
    expect(alphaMembers).toHaveClass('max-h-32', 'overflow-y-auto');

    const beta = await card('Beta Group');
    expect(beta).toHaveTextContent('0 members');
    expect(await within(beta).findByText('No members in this subgroup yet.')).toBeInTheDocument();
    expect(within(beta).getByRole('combobox', { name: 'Commander' })).toHaveValue('');

    const unassigned = await screen.findByRole('list', { name: /Unassigned members/ });
    expect(unassigned).toHaveClass('max-h-48', 'overflow-y-auto');
    expect(within(unassigned).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Eli Shiloh'),
      expect.stringContaining('Jesse Obed'),
      expect.stringContaining('Orpah Moab'),
      expect.stringContaining('Ruth Moab'),
    ]);
    expect(screen.getByRole('heading', { name: 'Unassigned members (4)' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Members (6)' })).toHaveClass('max-h-96', 'overflow-y-auto');
  });

  it("lists a commander who leads a subgroup but is not assigned to one as leading it, not among the unassigned", async () => {
    // Eli leads Beta without being assigned to a subgroup.
    renderSubgroups({}, moderator(), MEMBERS, [ALPHA, { ...BETA, commanderId: eli.id, commanderName: eli.displayName }]);
    await card('Beta Group');
    const unassigned = await screen.findByRole('list', { name: /Unassigned members/ });
    expect(within(unassigned).queryByText('Eli Shiloh')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unassigned members (3)' })).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: 'Subgroup for Eli Shiloh' });
    expect(select).toHaveDisplayValue('Leads Beta Group');
    // Nor is Eli offered to the subgroup cards as someone unassigned.
    expect(within(within(await card('Alpha Group')).getByRole('combobox', { name: 'Assign member' })).queryByRole('option', { name: 'Eli Shiloh' })).not.toBeInTheDocument();
  });

  it('says beside a commander assigned to one subgroup which other one they lead', async () => {
    renderSubgroups(
      {},
      moderator(),
      MEMBERS.map((member) => (member.id === eli.id ? { ...member, subgroupId: ALPHA_ID } : member)),
      [ALPHA, { ...BETA, commanderId: eli.id, commanderName: eli.displayName }],
    );
    const select = await screen.findByRole('combobox', { name: 'Subgroup for Eli Shiloh' });
    await waitFor(() => expect(select).toHaveDisplayValue('Alpha Group'));
    expect(within(select.closest('li')!).getByText('Leads Beta Group', { selector: 'span' })).toBeInTheDocument();
  });

  it("does not call every member 'Unassigned' when the subgroups cannot be loaded", async () => {
    renderSubgroups({ 'GET /api/communities/c1/subgroups': () => apiError(500, 'Database unavailable.') });
    await screen.findByText('Error loading subgroups: Database unavailable.', undefined, { timeout: 5000 });
    expect(screen.getByText('The subgroups could not be loaded, so members cannot be moved here. Database unavailable.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Subgroup for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Unassigned' })).not.toBeInTheDocument();
  });

  it('says when there are no subgroups yet', async () => {
    renderSubgroups({ 'GET /api/communities/c1/subgroups': () => json([]) });
    expect(await screen.findByText(/No subgroups yet/)).toBeInTheDocument();
  });

  it("shows 'Admin Access Required' to a commander who opens the tab by link", async () => {
    const { api } = renderSubgroups({}, moderator(['Commander']));
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/communities/c1/subgroups')).toHaveLength(0);
  });

  describe('Create Subgroup', () => {
    it('asks for a non-blank name, then creates the subgroup and reads the list again', async () => {
      let listed = [ALPHA, BETA];
      const created = subgroup({ id: 'c0000000-0000-4000-8000-00000000000c', name: 'Gamma Group', description: 'Night shift', commanderId: null, commanderName: null, memberCount: 0 });
      const { user, api } = renderSubgroups({
        'GET /api/communities/c1/subgroups': () => json(listed),
        'POST /api/subgroups': () => {
          listed = [ALPHA, BETA, created];
          return json(created, 201);
        },
      });
      await card('Alpha Group');
      await user.click(screen.getByRole('button', { name: 'Create Subgroup' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Subgroup' });
      const name = within(dialog).getByLabelText('Subgroup name');

      await user.type(name, '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Create Subgroup' }));
      expect(await within(dialog).findByText('Please enter a name for the subgroup.')).toBeInTheDocument();
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls('POST', '/api/subgroups')).toHaveLength(0);

      await user.clear(name);
      await user.type(name, '  Gamma Group ');
      await user.type(within(dialog).getByLabelText('Description (optional)'), 'Night shift');
      await user.click(within(dialog).getByRole('button', { name: 'Create Subgroup' }));

      expect(await findToast('Subgroup Created')).toHaveTextContent('Gamma Group');
      expect(api.calls('POST', '/api/subgroups')[0]!.body).toEqual({ name: 'Gamma Group', description: 'Night shift', communityId: 'c1' });
      expect(await card('Gamma Group')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Create Subgroup' })).not.toBeInTheDocument();
    });

    it('sends a null description when none is given', async () => {
      const { user, api } = renderSubgroups({ 'POST /api/subgroups': () => json(BETA, 201) });
      await card('Alpha Group');
      await user.click(screen.getByRole('button', { name: 'Create Subgroup' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Subgroup' });
      await user.type(within(dialog).getByLabelText('Subgroup name'), 'Beta Group');
      await user.click(within(dialog).getByRole('button', { name: 'Create Subgroup' }));
      await findToast('Subgroup Created');
      expect(api.calls('POST', '/api/subgroups')[0]!.body).toEqual({ name: 'Beta Group', description: null, communityId: 'c1' });
    });

    it("shows 'Creation Failed' with the server's message", async () => {
      const { user } = renderSubgroups({ 'POST /api/subgroups': () => apiError(403, 'Only admins can manage subgroups.') });
      await card('Alpha Group');
      await user.click(screen.getByRole('button', { name: 'Create Subgroup' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Subgroup' });
      await user.type(within(dialog).getByLabelText('Subgroup name'), 'Gamma');
      await user.click(within(dialog).getByRole('button', { name: 'Create Subgroup' }));
      expect(await findToast('Creation Failed')).toHaveTextContent('Only admins can manage subgroups.');
      expect(screen.getByRole('dialog', { name: 'Create Subgroup' })).toBeInTheDocument();
    });
  });

  describe('commander', () => {
    it('offers only members holding Commander or an admin role, and sets the chosen one', async () => {
      const { user, api } = renderSubgroups({ [`PATCH /api/subgroups/${BETA_ID}/commander`]: () => json({ ...BETA, commanderId: eli.id, commanderName: eli.displayName }) });
      const select = within(await card('Beta Group')).getByRole('combobox', { name: 'Commander' });
      await waitFor(() => expect(select).toBeEnabled());
      expect(optionTexts(select)).toEqual(['No commander', 'Boaz of Bethlehem', 'Eli Shiloh', 'Ruth Moab']);

      await user.selectOptions(select, 'Eli Shiloh');
      expect(await findToast('Commander Updated')).toHaveTextContent('Eli Shiloh now leads Beta Group.');
      expect(api.calls('PATCH', `/api/subgroups/${BETA_ID}/commander`)[0]!.body).toEqual({ commanderId: eli.id });
      // The list is read again after the change.
      await waitFor(() => expect(api.calls('GET', '/api/communities/c1/subgroups').length).toBeGreaterThan(1));
    });

    it("clears the commander with 'No commander'", async () => {
      const { user, api } = renderSubgroups({ [`PATCH /api/subgroups/${ALPHA_ID}/commander`]: () => json({ ...ALPHA, commanderId: null, commanderName: null }) });
      const select = within(await card('Alpha Group')).getByRole('combobox', { name: 'Commander' });
      await waitFor(() => expect(select).toBeEnabled());
      await user.selectOptions(select, 'No commander');
      expect(await findToast('Commander Updated')).toHaveTextContent('Alpha Group has no commander now.');
      expect(api.calls('PATCH', `/api/subgroups/${ALPHA_ID}/commander`)[0]!.body).toEqual({ commanderId: null });
    });

    it("shows 'Update Failed' with the server's message, else 'Failed to update commander'", async () => {
      let answer = () => apiError(400, 'Only members holding Commander or an admin role can lead a subgroup.');
      const { user } = renderSubgroups({ [`PATCH /api/subgroups/${BETA_ID}/commander`]: () => answer() });
      const select = within(await card('Beta Group')).getByRole('combobox', { name: 'Commander' });
      await waitFor(() => expect(select).toBeEnabled());
      await user.selectOptions(select, 'Boaz of Bethlehem');
      expect(await findToast('Update Failed')).toHaveTextContent('Only members holding Commander or an admin role can lead a subgroup.');
      // The select goes back to what the server holds.
      await waitFor(() => expect(select).toHaveValue(''));

      answer = () => emptyResponse(500);
      await user.selectOptions(select, 'Ruth Moab');
      await waitFor(async () => expect(await findToast('Update Failed')).toHaveTextContent('Failed to update commander'));
    });
  });

  describe('members', () => {
    it('assigns an unassigned member from the subgroup card', async () => {
      const { user, api } = renderSubgroups({ [`PATCH /api/users/${orpah.id}/subgroup`]: () => json({ userId: orpah.id, subgroupId: BETA_ID }) });
      const beta = await card('Beta Group');
      const select = within(beta).getByRole('combobox', { name: 'Assign member' });
      await waitFor(() => expect(select).toBeEnabled());
      expect(optionTexts(select)).toEqual(['Choose an unassigned member', 'Eli Shiloh', 'Jesse Obed', 'Orpah Moab', 'Ruth Moab']);
      expect(within(beta).getByRole('button', { name: 'Assign to Beta Group' })).toBeDisabled();

      await user.selectOptions(select, 'Orpah Moab');
      await user.click(within(beta).getByRole('button', { name: 'Assign to Beta Group' }));
      expect(await findToast('Member Assigned')).toHaveTextContent('Orpah Moab joined Beta Group.');
      expect(api.calls('PATCH', `/api/users/${orpah.id}/subgroup`)[0]!.body).toEqual({ subgroupId: BETA_ID });
      // Beta's members and the unassigned are read again; the whole member list is not.
      const reads = (query: string) => api.calls('GET', `/api/communities/c1/members?limit=50&${query}`).length;
      await waitFor(() => expect(reads(`subgroupId=${BETA_ID}`)).toBe(2));
      await waitFor(() => expect(reads('subgroupId=unassigned')).toBe(2));
      expect(api.calls('GET', '/api/communities/c1/members')).toHaveLength(0);
    });

    it('unassigns a member of a subgroup', async () => {
      const { user, api } = renderSubgroups({ [`PATCH /api/users/${naomi.id}/subgroup`]: () => json({ userId: naomi.id, subgroupId: null }) });
      const alpha = await card('Alpha Group');
      await user.click(await within(alpha).findByRole('button', { name: 'Unassign Naomi Ephrath' }));
      expect(await findToast('Member Unassigned')).toHaveTextContent('Naomi Ephrath is no longer in Alpha Group.');
      expect(api.calls('PATCH', `/api/users/${naomi.id}/subgroup`)[0]!.body).toEqual({ subgroupId: null });
    });

    it('moves a member to another subgroup from the member list', async () => {
      const { user, api } = renderSubgroups({ [`PATCH /api/users/${naomi.id}/subgroup`]: () => json({ userId: naomi.id, subgroupId: BETA_ID }) });
      await card('Alpha Group');
      const select = await screen.findByRole('combobox', { name: 'Subgroup for Naomi Ephrath' });
      expect(select).toHaveValue(ALPHA_ID);
      await user.selectOptions(select, 'Beta Group');
      expect(await findToast('Member Assigned')).toHaveTextContent('Naomi Ephrath joined Beta Group.');
      expect(api.calls('PATCH', `/api/users/${naomi.id}/subgroup`)[0]!.body).toEqual({ subgroupId: BETA_ID });
    });

    it("shows 'Assignment Failed' with 'Failed to assign member' when the server says nothing", async () => {
      const { user } = renderSubgroups({ [`PATCH /api/users/${jesse.id}/subgroup`]: () => emptyResponse(500) });
      const beta = await card('Beta Group');
      const select = within(beta).getByRole('combobox', { name: 'Assign member' });
      await waitFor(() => expect(select).toBeEnabled());
      await user.selectOptions(select, 'Jesse Obed');
      await user.click(within(beta).getByRole('button', { name: 'Assign to Beta Group' }));
      expect(await findToast('Assignment Failed')).toHaveTextContent('Failed to assign member');
    });
  });

  describe('at congregation scale', () => {
    // 120 unassigned and 60 in Alpha: nothing reads the whole list, each list reads a page at a time.
    const unassignedMany = Array.from({ length: 120 }, (_, index) => makeMember({ displayName: `Unplaced ${String(index).padStart(3, '0')}` }));
    const alphaMany = Array.from({ length: 60 }, (_, index) => makeMember({ displayName: `Alpha member ${String(index).padStart(2, '0')}`, subgroupId: ALPHA_ID }));
    const congregation = [...MEMBERS, ...unassignedMany, ...alphaMany];

    it('reads each list a page at a time and finds an unassigned member beyond the first page to assign', async () => {
      const last = unassignedMany.at(-1)!;
      const { user, api } = renderSubgroups({ [`PATCH /api/users/${last.id}/subgroup`]: () => json({ userId: last.id, subgroupId: BETA_ID }) }, moderator(), congregation);
      expect(await screen.findByRole('heading', { name: 'Unassigned members (124)' })).toBeInTheDocument();
      const alphaMembers = await within(await card('Alpha Group')).findByRole('list', { name: 'Members of Alpha Group' });
      expect(within(alphaMembers).getAllByRole('listitem')).toHaveLength(50);
      await user.click(within(await card('Alpha Group')).getByRole('button', { name: 'Show more members' }));
      await waitFor(() => expect(within(alphaMembers).getAllByRole('listitem')).toHaveLength(62));

      const beta = await card('Beta Group');
      const select = within(beta).getByRole('combobox', { name: 'Assign member' });
      await waitFor(() => expect(select).toBeEnabled());
      expect(optionTexts(select)).toHaveLength(52);
      expect(optionTexts(select).at(-1)).toBe('Find another member…');
      await user.selectOptions(select, 'Find another member…');
      const dialog = await screen.findByRole('dialog', { name: 'Find a member' });
      await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'unplaced 119');
      await user.click(await within(dialog).findByRole('button', { name: last.displayName }));
      await waitFor(() => expect(select).toHaveDisplayValue(last.displayName));
      await user.click(within(beta).getByRole('button', { name: 'Assign to Beta Group' }));
      expect(await findToast('Member Assigned')).toHaveTextContent(`${last.displayName} joined Beta Group.`);
      expect(api.calls('GET', '/api/communities/c1/members')).toHaveLength(0);
      // The search asked only for the unassigned.
      expect(api.requests.some((request) => request.url.includes('search=unplaced+119') && request.url.includes('subgroupId=unassigned'))).toBe(true);
    });

    it('forgets a choice found by a search once that member is assigned from another card', async () => {
      const members = congregation.map((member) => ({ ...member }));
      const last = members.find((member) => member.displayName === 'Unplaced 119')!;
      const { user } = renderSubgroups(
        {
          [`PATCH /api/users/${last.id}/subgroup`]: () => {
            last.subgroupId = ALPHA_ID;
            return json({ userId: last.id, subgroupId: ALPHA_ID });
          },
        },
        moderator(),
        members,
      );
      const choose = async (name: string) => {
        const group = await card(name);
        const select = within(group).getByRole('combobox', { name: 'Assign member' });
        await waitFor(() => expect(select).toBeEnabled());
        await user.selectOptions(select, 'Find another member…');
        const dialog = await screen.findByRole('dialog', { name: 'Find a member' });
        await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'unplaced 119');
        await user.click(await within(dialog).findByRole('button', { name: 'Unplaced 119' }));
        await waitFor(() => expect(select).toHaveDisplayValue('Unplaced 119'));
        return { group, select };
      };
      const beta = await choose('Beta Group');
      const alpha = await choose('Alpha Group');
      await user.click(within(alpha.group).getByRole('button', { name: 'Assign to Alpha Group' }));
      expect(await findToast('Member Assigned')).toHaveTextContent('Unplaced 119 joined Alpha Group.');
      await waitFor(() => expect(beta.select).toHaveValue(''));
      expect(within(beta.group).getByRole('button', { name: 'Assign to Beta Group' })).toBeDisabled();
    });

    it('finds a member to move by name, and a member moved leaves their old subgroup at once', async () => {
      const members = congregation.map((member) => ({ ...member }));
      const moved = members.find((member) => member.displayName === 'Alpha member 00')!;
      const { user } = renderSubgroups(
        {
          [`PATCH /api/users/${moved.id}/subgroup`]: () => {
            moved.subgroupId = BETA_ID;
            return json({ userId: moved.id, subgroupId: BETA_ID });
          },
        },
        moderator(),
        members,
      );
      expect(await screen.findByRole('heading', { name: 'Members (186)' })).toBeInTheDocument();
      await user.type(screen.getByRole('searchbox', { name: 'Find a member to move' }), 'alpha member 00');
      expect(await screen.findByText('1 member matches "alpha member 00".')).toBeInTheDocument();
      const select = await screen.findByRole('combobox', { name: `Subgroup for ${moved.displayName}` });
      const alphaMembers = await within(await card('Alpha Group')).findByRole('list', { name: 'Members of Alpha Group' });
      expect(within(alphaMembers).getByText(moved.displayName)).toBeInTheDocument();
      await user.selectOptions(select, 'Beta Group');
      expect(await findToast('Member Assigned')).toHaveTextContent(`${moved.displayName} joined Beta Group.`);
      await waitFor(() => expect(within(alphaMembers).queryByText(moved.displayName)).not.toBeInTheDocument());
    });
  });

  describe('Delete', () => {
    it('deletes a subgroup only after the confirmation', async () => {
      let listed = [ALPHA, BETA];
      const { user, api } = renderSubgroups({
        'GET /api/communities/c1/subgroups': () => json(listed),
        [`DELETE /api/subgroups/${ALPHA_ID}`]: () => {
          listed = [BETA];
          return emptyResponse(204);
        },
      });
      await user.click(within(await card('Alpha Group')).getByRole('button', { name: 'Delete Alpha Group' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Delete Alpha Group' });
      expect(dialog).toHaveTextContent('Are you sure you want to delete this subgroup? All members will be unassigned.');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(api.calls('DELETE', `/api/subgroups/${ALPHA_ID}`)).toHaveLength(0);

      await user.click(within(await card('Alpha Group')).getByRole('button', { name: 'Delete Alpha Group' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Delete Alpha Group' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await findToast('Subgroup Deleted')).toBeInTheDocument();
      expect(api.calls('DELETE', `/api/subgroups/${ALPHA_ID}`)).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Alpha Group' })).not.toBeInTheDocument());
    });

    it("shows 'Error' with 'Failed to delete subgroup' when the deletion fails", async () => {
      const { user } = renderSubgroups({ [`DELETE /api/subgroups/${ALPHA_ID}`]: () => emptyResponse(500) });
      await user.click(within(await card('Alpha Group')).getByRole('button', { name: 'Delete Alpha Group' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await findToast('Error')).toHaveTextContent('Failed to delete subgroup');
      expect(screen.getByRole('group', { name: 'Alpha Group' })).toBeInTheDocument();
    });
  });

  it("shows 'Error loading subgroups: {message}' and reads the list again with Retry", async () => {
    let failing = true;
    const { user, api } = renderSubgroups({
      'GET /api/communities/c1/subgroups': () => (failing ? apiError(500, 'Database unavailable.') : json([ALPHA])),
    });
    // The query retries once (SPEC.md section 9) before it shows the failure.
    const alert = await screen.findByText('Error loading subgroups: Database unavailable.', undefined, { timeout: 5000 });
    expect(api.calls('GET', '/api/communities/c1/subgroups')).toHaveLength(2);
    failing = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await card('Alpha Group')).toBeInTheDocument();
    expect(screen.queryByText(/Error loading subgroups/)).not.toBeInTheDocument();
  });

  it('shows a spinner while the subgroups load', async () => {
    const pending = deferred<Response>();
    renderSubgroups({ 'GET /api/communities/c1/subgroups': () => pending.promise });
    expect(await screen.findByRole('status', { name: 'Loading subgroups' })).toBeInTheDocument();
    pending.resolve(json([BETA]));
    expect(await card('Beta Group')).toBeInTheDocument();
  });
});
