import { screen, waitFor, within } from '@testing-library/react';
import type { MembershipView } from '@shared/contracts/communities';
import { makeMember, makeMembership, makeStats, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { servesMembers } from '@/test/member-pages';
import { findToast, renderApp } from '@/test/render-app';
import { CHOOSE_MEMBER_MESSAGE } from './link-imported-member-dialog';

const me = makeUser();
const self = makeMember({ id: me.id, displayName: 'Ruth Moab', email: 'ruth@example.org', role: 'CommunityModerator', roles: ['CommunityModerator'] });
const naomi = makeMember({ displayName: 'Naomi Ephrath', email: 'naomi@example.org' });
const boaz = makeMember({ displayName: 'Boaz of Bethlehem', email: 'boaz@fields.org', role: 'Commander', roles: ['Commander'] });
const orpah = makeMember({ displayName: 'Orpah of Moab', email: null, isImported: true });
const mahlon = makeMember({ displayName: 'Mahlon Imported', email: null, isImported: true });
const MEMBERS = [self, naomi, boaz, orpah, mahlon];
const LINK_URL = `/api/communities/c1/imported-members/${orpah.id}/link`;

function moderator(roles: MembershipView['roles'] = ['CommunityModerator']) {
  return makeMembership({ communityId: 'c1', role: roles[0]!, roles, community: { id: 'c1', name: 'Hope Chapel', description: null } });
}

function renderMembers(routes: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/user': () => json(me),
    'GET /api/memberships': () => json([moderator()]),
    'GET /api/communities/c1/members': servesMembers(MEMBERS),
    'GET /api/communities/c1/stats': () => json(makeStats()),
    ...routes,
  });
  return { ...renderApp('/admin?tab=members'), api };
}

const row = (name: string) => screen.getByRole('listitem', { name });

async function openLinkDialog(routes: Record<string, Handler> = {}) {
  const view = renderMembers(routes);
  await screen.findByRole('list', { name: 'Members' });
  await view.user.click(within(row('Orpah of Moab')).getByRole('button', { name: 'Link to member: Orpah of Moab' }));
  const dialog = await screen.findByRole('dialog', { name: 'Link Orpah of Moab to a member' });
  return { ...view, dialog };
}

const choices = (dialog: HTMLElement) => within(within(dialog).getByRole('group', { name: 'Member to link to' })).getAllByRole('radio');

describe("Members tab: 'Link to member…'", () => {
  it('is offered on imported rows only', async () => {
    renderMembers();
    await screen.findByRole('list', { name: 'Members' });
    expect(within(row('Orpah of Moab')).getByRole('button', { name: /Link to member/ })).toBeEnabled();
    expect(within(row('Mahlon Imported')).getByRole('button', { name: /Link to member/ })).toBeEnabled();
    for (const name of ['Ruth Moab', 'Naomi Ephrath', 'Boaz of Bethlehem']) expect(within(row(name)).queryByRole('button', { name: /Link to member/ })).not.toBeInTheDocument();
  });

  it('lists the real members, says what will happen, and offers the history to the chosen member; the imported row stays, marked with whom it is offered to', async () => {
    const post = deferred<Response>();
    const { user, dialog, api } = await openLinkDialog({ [`POST ${LINK_URL}`]: () => post.promise });
    // Imported records are no one to link to.
    expect(choices(dialog).map((radio) => radio.closest('label')?.querySelector('.font-medium')?.textContent)).toEqual(['Ruth Moab', 'Naomi Ephrath', 'Boaz of Bethlehem']);
    expect(within(dialog).getByText(/is offered to the member you choose\. Nothing changes in their log until they accept it/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Naomi Ephrath/ }));
    expect(
      within(dialog).getByText(
        "Orpah of Moab's imported history (daily logs, targets, questions and meetings) is offered to Naomi Ephrath. Nothing changes in their log until they accept it; then it moves onto their account and the imported record leaves the member list.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Offer History' })).toHaveAccessibleDescription(/is offered to Naomi Ephrath/);

    await user.click(within(dialog).getByRole('button', { name: 'Offer History' }));
    expect(await within(dialog).findByRole('button', { name: 'Offering...' })).toBeDisabled();
    expect(api.calls('POST', LINK_URL)).toHaveLength(1);
    expect(api.calls('POST', LINK_URL)[0]?.body).toEqual({ userId: naomi.id });
    expect(api.calls('POST', LINK_URL)[0]?.headers.get('X-Community-Id')).toBe('c1');

    post.resolve(json({ message: 'History offered. It moves once the member accepts it.' }, 202));
    expect(await findToast('History Offered')).toHaveTextContent("Orpah of Moab's history is offered to Naomi Ephrath. It moves once they accept it.");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The record stays until the member accepts, marked with whom it is offered to.
    expect(await within(row('Orpah of Moab')).findByText('Offered to Naomi Ephrath')).toBeInTheDocument();
  });

  it('works from the keyboard: search, Tab to the member, choose with Space, confirm with Enter', async () => {
    const { user, dialog, api } = await openLinkDialog({ [`POST ${LINK_URL}`]: () => json({ message: 'History offered.' }, 202) });
    const search = within(dialog).getByRole('searchbox', { name: 'Search members' });
    search.focus();
    await user.keyboard('bo');
    await waitFor(() => expect(choices(dialog)).toHaveLength(1));
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 member.');
    await user.tab();
    expect(within(dialog).getByRole('radio', { name: /Boaz of Bethlehem/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('radio', { name: /Boaz of Bethlehem/ })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(await findToast('History Offered')).toBeInTheDocument();
    expect(api.calls('POST', LINK_URL)[0]?.body).toEqual({ userId: boaz.id });
  });

  it('asks for a choice before sending anything', async () => {
    const { user, dialog, api } = await openLinkDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Offer History' }));
    expect(within(dialog).getByText(CHOOSE_MEMBER_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Member to link to' })).toHaveAccessibleDescription(CHOOSE_MEMBER_MESSAGE);
    expect(api.calls('POST', LINK_URL)).toHaveLength(0);
  });

  it("shows the server's message in the dialog and keeps it open", async () => {
    const { user, dialog, api } = await openLinkDialog({
      [`POST ${LINK_URL}`]: () => apiError(400, 'Choose a member of this community who has an account.', { userId: 'Choose a member of this community who has an account.' }),
    });
    await user.click(within(dialog).getByRole('radio', { name: /Boaz of Bethlehem/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Offer History' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a member of this community who has an account.');
    expect(screen.getByRole('dialog', { name: 'Link Orpah of Moab to a member' })).toBeInTheDocument();
    expect(api.calls('POST', LINK_URL)[0]?.body).toEqual({ userId: boaz.id });

    // Choosing again clears the message; Cancel closes without another request.
    await user.click(within(dialog).getByRole('radio', { name: /Naomi Ephrath/ }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', LINK_URL)).toHaveLength(1);
    expect(within(row('Orpah of Moab')).getByText('Imported')).toBeInTheDocument();
  });

  it('shows a congregation a page of members at a time, reads on when asked, and the search (on the server) finds the rest', async () => {
    const many = Array.from({ length: 1_999 }, (_, i) => makeMember({ displayName: `Member ${String(i + 1).padStart(4, '0')}`, email: `m${i + 1}@example.org` }));
    const { user, dialog } = await openLinkDialog({ 'GET /api/communities/c1/members': servesMembers([self, orpah, ...many]) });
    // The first page of 50 holds the imported record itself, which is never offered.
    await waitFor(() => expect(choices(dialog)).toHaveLength(49));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Showing 49 members: search to narrow the list, or show more.');
    await user.click(within(dialog).getByRole('button', { name: 'Show more members' }));
    await waitFor(() => expect(choices(dialog)).toHaveLength(99));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'm1999@');
    await waitFor(() => expect(choices(dialog)).toHaveLength(1));
    expect(within(dialog).getByRole('radio', { name: /Member 1999/ })).toBeInTheDocument();
    // The chosen member stays in view while the search changes.
    await user.click(within(dialog).getByRole('radio', { name: /Member 1999/ }));
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search members' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'nobody here');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('No member matches "nobody here".'));
    expect(within(dialog).getByRole('radio', { name: /Member 1999/ })).toBeChecked();
  });
});
