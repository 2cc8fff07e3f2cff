import { screen } from '@testing-library/react';
import type { InviteCodeView } from '@shared/contracts/communities';
import { formatDateTime } from '@/lib/dates';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

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
    const { user, api } = renderInvites({ 'POST /api/communities/c1/invite-codes': () => generated.promise });
    await user.click(await screen.findByRole('button', { name: 'Generate Invite Code' }));

    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();
    const post = api.calls('POST', '/api/communities/c1/invite-codes')[0]!;
    expect(post.body).toBeUndefined();
    expect(post.headers.has('Content-Type')).toBe(false);

    const fresh = code({ inviteCode: 'NEWCQDE7' });
    generated.resolve(json(fresh, 201));
    expect(await findToast('Invite Code Generated')).toHaveTextContent('NEWCQDE7');
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('NEWCQDE7');
    expect(screen.getByText(formatDateTime(fresh.expiresAt))).toBeInTheDocument();
    expect(screen.getByText('Created by').nextElementSibling).toHaveTextContent('Ruth Moab');
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
});
