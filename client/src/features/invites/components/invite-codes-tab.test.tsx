import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { InviteCodeView } from '@shared/contracts/communities';
import { formatDateTime } from '@/lib/dates';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';
import { inviteKeys } from '../api';

const inAWeek = (days = 7) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

function code(overrides: Partial<InviteCodeView> = {}): InviteCodeView {
  return { id: 'a1000000-0000-4000-8000-000000000001', uses: 0, inviteCode: 'K7M2QX9P', expiresAt: inAWeek(), createdBy: 'Ruth Moab', createdAt: new Date().toISOString(), ...overrides };
}

function renderInvites(routes: Record<string, Handler> = {}) {
  const membership = makeMembership({
    communityId: 'c1',
    role: 'CommunityModerator',
    roles: ['CommunityModerator'],
    community: { id: 'c1', name: 'Hope Chapel', description: null },
  });
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([membership]),
    'GET /api/communities/c1/invite-codes/latest': () => json(null),
    'GET /api/communities/c1/invite-codes': () => json([]),
    ...routes,
  });
  return { ...renderApp('/admin?tab=invites'), api };
}

describe('Invite Codes tab', () => {
  it('reads the latest code when opened and shows it with its expiry and creator', async () => {
    const latest = code({ inviteCode: 'ABCD2345', createdBy: 'Naomi Ephrath' });
    const { api } = renderInvites({ 'GET /api/communities/c1/invite-codes/latest': () => json(latest) });
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByText(formatDateTime(latest.expiresAt))).toBeInTheDocument();
    expect(screen.getByText('Created by').nextElementSibling).toHaveTextContent('Naomi Ephrath');
    expect(api.calls('GET', '/api/communities/c1/invite-codes/latest')).toHaveLength(1);
  });

  it('says when there is no code yet', async () => {
    renderInvites();
    expect(await screen.findByText('No invite code yet. Generate one to invite members.')).toBeInTheDocument();
  });

  it('marks an expired latest code', async () => {
    renderInvites({ 'GET /api/communities/c1/invite-codes/latest': () => json(code({ expiresAt: inAWeek(-1) })) });
    expect(await screen.findByTestId('invite-code')).toBeInTheDocument();
    expect(screen.getAllByText('Expired').length).toBeGreaterThan(0);
  });

  it("generates a code with an empty POST and shows it with 'Invite Code Generated'", async () => {
    const generated = deferred<Response>();
    let latest: InviteCodeView | null = null;
    const { user, api } = renderInvites({
      'GET /api/communities/c1/invite-codes/latest': () => json(latest),
      'POST /api/communities/c1/invite-codes': () => generated.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'Generate Invite Code' }));

    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();
    const post = api.calls('POST', '/api/communities/c1/invite-codes')[0]!;
    expect(post.body).toBeUndefined();
    expect(post.headers.has('Content-Type')).toBe(false);

    const fresh = code({ inviteCode: 'NEWCQDE7' });
    latest = fresh;
    generated.resolve(json(fresh, 201));
    expect(await findToast('Invite Code Generated')).toHaveTextContent('NEWCQDE7');
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('NEWCQDE7');
    expect(screen.getByText(formatDateTime(fresh.expiresAt))).toBeInTheDocument();
    expect(screen.getByText('Created by').nextElementSibling).toHaveTextContent('Ruth Moab');
  });

  it('keeps a generated code when the latest-code read that was already on its way answers after it', async () => {
    const staleRead = deferred<Response>();
    const fresh = code({ inviteCode: 'NEWCQDE7' });
    let generated = false;
    let latestReads = 0;
    const { user, queryClient } = renderInvites({
      'GET /api/communities/c1/invite-codes/latest': () => (++latestReads === 1 ? staleRead.promise : json(generated ? fresh : null)),
      'POST /api/communities/c1/invite-codes': () => {
        generated = true;
        return json(fresh, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate Invite Code' }));
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('NEWCQDE7');

    // The read made before the code existed arrives last; it must not take the code off the screen.
    staleRead.resolve(json(null));
    await waitFor(() => expect(queryClient.isFetching({ queryKey: inviteKeys.latest('c1') })).toBe(0));
    expect(await findToast('Invite Code Generated')).toHaveTextContent('NEWCQDE7');
    expect(screen.getByTestId('invite-code')).toHaveTextContent('NEWCQDE7');
    expect(screen.queryByText('No invite code yet. Generate one to invite members.')).not.toBeInTheDocument();
  });

  it("shows 'Generation Failed' with the server's message", async () => {
    const { user } = renderInvites({ 'POST /api/communities/c1/invite-codes': () => apiError(403, 'Only admins can generate invitation codes.') });
    await user.click(await screen.findByRole('button', { name: 'Generate Invite Code' }));
    expect(await findToast('Generation Failed')).toHaveTextContent('Only admins can generate invitation codes.');
  });

  it("copies the code and says 'Copied!'", async () => {
    const { user } = renderInvites({ 'GET /api/communities/c1/invite-codes/latest': () => json(code()) });
    await user.click(await screen.findByRole('button', { name: 'Copy invite code' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('K7M2QX9P');
  });

  it('lists every active code with its creator, expiry and uses', async () => {
    const first = code({ id: 'a1000000-0000-4000-8000-00000000000a', inviteCode: 'FIRST234', uses: 3, createdBy: 'Naomi Ephrath' });
    const second = code({ id: 'a1000000-0000-4000-8000-00000000000b', inviteCode: 'SECND567', uses: 1 });
    renderInvites({ 'GET /api/communities/c1/invite-codes': () => json([first, second]) });
    const section = await screen.findByRole('region', { name: 'Active codes' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('FIRST234');
    expect(rows[0]).toHaveTextContent(`By Naomi Ephrath · expires ${formatDateTime(first.expiresAt)} · 3 members joined`);
    expect(rows[1]).toHaveTextContent('1 member joined');
    expect(within(rows[0]!).getByRole('button', { name: 'Copy FIRST234' })).toBeInTheDocument();
  });

  it('says when no code is active, and offers Retry when the list cannot be loaded', async () => {
    renderInvites();
    expect(await screen.findByText('No active codes. Generate one to invite members.')).toBeInTheDocument();
    cleanup();
    let failures = 0;
    const { user } = renderInvites({ 'GET /api/communities/c1/invite-codes': () => (failures++ === 0 ? apiError(500, 'Database unavailable.') : json([code()])) });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Revoke K7M2QX9P' })).toBeInTheDocument();
  });

  it('revokes a code after a confirmation, then reads the list again', async () => {
    const active = code();
    let listed = [active];
    const { user, api } = renderInvites({
      'GET /api/communities/c1/invite-codes': () => json(listed),
      [`DELETE /api/communities/c1/invite-codes/${active.id}`]: () => {
        listed = [];
        return json({ message: 'Invitation code revoked.' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke K7M2QX9P' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke Invite Code' });
    expect(dialog).toHaveTextContent('Nobody can join with it from now on');
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE', `/api/communities/c1/invite-codes/${active.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke K7M2QX9P' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await findToast('Invite Code Revoked')).toHaveTextContent('Nobody can join with K7M2QX9P any more.');
    expect(await screen.findByText('No active codes. Generate one to invite members.')).toBeInTheDocument();
    expect(api.calls('DELETE', `/api/communities/c1/invite-codes/${active.id}`)).toHaveLength(1);
  });

  it("shows 'Revoke Failed' with the server's message and keeps the code", async () => {
    const active = code();
    const { user } = renderInvites({
      'GET /api/communities/c1/invite-codes': () => json([active]),
      [`DELETE /api/communities/c1/invite-codes/${active.id}`]: () => apiError(404, 'Invitation code not found.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke K7M2QX9P' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await findToast('Revoke Failed')).toHaveTextContent('Invitation code not found.');
  });
});
