import { screen, waitFor, within } from '@testing-library/react';
import type { ClaimInfo, CommunityView, JoinResult } from '@shared/contracts/communities';
import { COMMUNITY_STORAGE_KEY } from '@/lib/community';
import { makeCommunity, makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const joined = makeMembership({ communityId: 'c9', community: { id: 'c9', name: 'Hope Chapel', description: null } });

const NO_CLAIM: ClaimInfo = { canClaim: false, importedUserId: null, importedUserName: null, importedUserEmail: null, needsEmailVerification: false, askModerator: false };

function joinResult(claimInfo: ClaimInfo = NO_CLAIM): JoinResult {
  return { communityId: 'c9', community: { id: 'c9', name: 'Hope Chapel', description: null }, claimInfo };
}

/**
 * /community-access for a user with no community yet. GET /api/memberships answers [] until a join or
 * create succeeds, then the new membership (as the server would).
 */
function renderAccess(routes: Record<string, Handler> = {}) {
  let memberships: unknown[] = [];
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json(memberships),
    ...routes,
  });
  const view = renderApp('/community-access');
  return { ...view, api, becomeMember: (list: unknown[] = [joined]) => (memberships = list) };
}

async function typeCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  const field = await screen.findByLabelText('Invitation code');
  await user.clear(field);
  if (code) await user.type(field, code);
}

describe('Join Community', () => {
  it('has the code field with its hint and a Join Community button', async () => {
    renderAccess();
    expect(await screen.findByRole('tab', { name: 'Join Community', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation code')).toHaveAccessibleDescription('Invitation codes are usually 6-8 characters.');
    expect(screen.getByRole('button', { name: 'Join Community' })).toBeEnabled();
  });

  it.each([
    ['blank', ''],
    ['whitespace-only', '    '],
  ])("refuses a %s code with 'Invitation code required' and sends nothing", async (_kind, code) => {
    const { user, api } = renderAccess();
    await typeCode(user, code);
    await user.click(screen.getByRole('button', { name: 'Join Community' }));

    expect(await findToast('Invitation code required')).toHaveTextContent('Please enter a valid invitation code.');
    expect(api.calls('POST', '/api/communities/join')).toHaveLength(0);
  });

  it("sends the trimmed code, reads 'Joining...' meanwhile, then welcomes the member on / in the joined community", async () => {
    const answer = deferred<Response>();
    const { user, api, location, becomeMember } = renderAccess({ 'POST /api/communities/join': () => answer.promise });
    await typeCode(user, '  k7m2qx9p  ');
    await user.click(screen.getByRole('button', { name: 'Join Community' }));

    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(api.calls('POST', '/api/communities/join')[0]?.body).toEqual({ inviteCode: 'k7m2qx9p' });

    becomeMember();
    answer.resolve(json(joinResult()));
    expect(await findToast('Welcome to the community!')).toHaveTextContent('You have successfully joined the community.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c9');
    // Memberships were read again after the join.
    expect(api.calls('GET', '/api/memberships').length).toBeGreaterThanOrEqual(2);
  });

  it("shows 'Invalid invitation code' with the server's message for a wrong code and stays", async () => {
    const { user, location } = renderAccess({
      'POST /api/communities/join': () => apiError(404, 'This invitation code is not valid or has expired. Please check it with the person who invited you.'),
    });
    await typeCode(user, 'WRONG123');
    await user.click(screen.getByRole('button', { name: 'Join Community' }));

    expect(await findToast('Invalid invitation code')).toHaveTextContent('This invitation code is not valid or has expired.');
    expect(location()).toBe('/community-access');
    expect(screen.getByRole('button', { name: 'Join Community' })).toBeEnabled();
  });
});

describe('joining a community one already belongs to', () => {
  it("says 'Already a member' with the server's message, not 'Invalid invitation code'", async () => {
    const { user, location } = renderAccess({
      'POST /api/communities/join': () => new Response(JSON.stringify({ message: 'You are already a member of Hope Chapel.', code: 'already_member' }), { status: 409, headers: { 'Content-Type': 'application/json' } }),
    });
    await typeCode(user, 'K7M2QX9P');
    await user.click(screen.getByRole('button', { name: 'Join Community' }));
    expect(await findToast('Already a member')).toHaveTextContent('You are already a member of Hope Chapel.');
    expect(screen.queryByText('Invalid invitation code')).not.toBeInTheDocument();
    expect(location()).toBe('/community-access');
  });
});

describe('joining with a name that looks like a member’s there', () => {
  it("asks for another name with the server's message, not 'Invalid invitation code'", async () => {
    const message = 'Your name looks like the name of a member of Hope Chapel, so people could mistake one of you for the other. Please choose another name on Profile, then join again.';
    const { user, location } = renderAccess({
      'POST /api/communities/join': () => new Response(JSON.stringify({ message, code: 'name_look_alike' }), { status: 409, headers: { 'Content-Type': 'application/json' } }),
    });
    await typeCode(user, 'K7M2QX9P');
    await user.click(screen.getByRole('button', { name: 'Join Community' }));
    expect(await findToast('Please choose another name')).toHaveTextContent(message);
    expect(screen.queryByText('Invalid invitation code')).not.toBeInTheDocument();
    expect(location()).toBe('/community-access');
  });
});

describe("'Account Found!' after joining", () => {
  const claimable: ClaimInfo = {
    canClaim: true,
    importedUserId: 'imported-1',
    importedUserName: 'Ruth M.',
    importedUserEmail: 'ruth.old@example.org',
    needsEmailVerification: false,
    askModerator: false,
  };

  async function joinWithClaim(routes: Record<string, Handler> = {}) {
    const view = renderAccess({ 'POST /api/communities/join': () => json(joinResult(claimable)), ...routes });
    view.becomeMember();
    await typeCode(view.user, 'K7M2QX9P');
    await view.user.click(screen.getByRole('button', { name: 'Join Community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Found!' });
    return { ...view, dialog };
  }

  it('shows the matching name, the imported name and e-mail, and what claiming transfers', async () => {
    const { dialog, location } = await joinWithClaim();
    expect(dialog).toHaveTextContent('Ruth Moab');
    expect(dialog).toHaveTextContent('Previously saved as Ruth M.');
    expect(dialog).toHaveTextContent('ruth.old@example.org');
    expect(dialog).toHaveTextContent(/transfers all your previous accountability data, daily logs, questions and meeting history/);
    expect(within(dialog).getByRole('button', { name: 'Skip for Now' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Claim Data' })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
    expect(screen.queryByText('Welcome to the community!')).not.toBeInTheDocument();
  });

  it("leaves out 'Previously saved as' when the imported name is the member's own", async () => {
    const { user } = renderAccess({
      'POST /api/communities/join': () => json(joinResult({ ...claimable, importedUserName: 'Ruth Moab' })),
    });
    await typeCode(user, 'K7M2QX9P');
    await user.click(screen.getByRole('button', { name: 'Join Community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Found!' });
    expect(dialog).not.toHaveTextContent('Previously saved as');
  });

  it("'Skip for Now' closes it, welcomes the member and opens /", async () => {
    const { user, dialog, api, location } = await joinWithClaim();
    await user.click(within(dialog).getByRole('button', { name: 'Skip for Now' }));

    expect(await findToast('Welcome to the community!')).toHaveTextContent('You have successfully joined the community.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Account Found!' })).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/claim-user')).toHaveLength(0);
  });

  it("'Claim Data' ('Claiming...') posts the imported user's id, confirms and opens /", async () => {
    const claim = deferred<Response>();
    const { user, dialog, api, location } = await joinWithClaim({ 'POST /api/claim-user': () => claim.promise });
    await user.click(within(dialog).getByRole('button', { name: 'Claim Data' }));

    expect(await within(dialog).findByRole('button', { name: 'Claiming...' })).toBeDisabled();
    expect(api.calls('POST', '/api/claim-user')[0]?.body).toEqual({ importedUserId: 'imported-1' });
    // The claim names the joined community.
    expect(api.calls('POST', '/api/claim-user')[0]?.headers.get('X-Community-Id')).toBe('c9');

    claim.resolve(json({ message: 'Claimed.' }));
    expect(await findToast('Account claimed successfully!')).toHaveTextContent('Your account data has been transferred. Welcome back!');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Account Found!' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to claim account' when the claim fails and keeps the modal open", async () => {
    const { user, dialog, location } = await joinWithClaim({ 'POST /api/claim-user': () => apiError(403, 'This record belongs to another community.') });
    await user.click(within(dialog).getByRole('button', { name: 'Claim Data' }));

    expect(await findToast('Failed to claim account')).toHaveTextContent('This record belongs to another community.');
    expect(screen.getByRole('dialog', { name: 'Account Found!' })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
  });
});

describe("'Account Found!' before the e-mail is proven, and for a name-only record", () => {
  async function joinWith(claimInfo: ClaimInfo, routes: Record<string, Handler> = {}) {
    const view = renderAccess({ 'POST /api/communities/join': () => json(joinResult(claimInfo)), ...routes });
    view.becomeMember();
    await typeCode(view.user, 'K7M2QX9P');
    await view.user.click(screen.getByRole('button', { name: 'Join Community' }));
    return { ...view, dialog: await screen.findByRole('dialog', { name: 'Account Found!' }) };
  }

  it('asks to confirm the e-mail first, offers a new link and no claim', async () => {
    const { user, dialog, api } = await joinWith(
      { ...NO_CLAIM, needsEmailVerification: true, importedUserId: 'imported-1', importedUserName: 'Ruth M.', importedUserEmail: 'r•••@example.org' },
      { 'POST /api/verify-email/resend': () => json({ message: 'We sent a new link to ruth@example.org.' }, 202) },
    );
    expect(dialog).toHaveTextContent(/open the link we sent you/);
    expect(within(dialog).queryByRole('button', { name: 'Claim Data' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send a new link' }));
    expect(await findToast('Link sent')).toHaveTextContent('We sent a new link to ruth@example.org.');
    expect(api.calls('POST', '/api/verify-email/resend')).toHaveLength(1);
    expect(api.calls('POST', '/api/claim-user')).toHaveLength(0);
  });

  it('sends a member whose name matches a record without an e-mail to their moderator', async () => {
    const { user, dialog, api, location } = await joinWith({ ...NO_CLAIM, askModerator: true });
    expect(dialog).toHaveTextContent('Ask your moderator to link your history to your account.');
    expect(within(dialog).queryByRole('button', { name: 'Claim Data' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(api.calls('POST', '/api/claim-user')).toHaveLength(0);
  });
});

describe('Create Community', () => {
  async function openCreateTab(routes: Record<string, Handler> = {}) {
    const view = renderAccess(routes);
    await view.user.click(await screen.findByRole('tab', { name: 'Create Community' }));
    return view;
  }

  it("refuses a blank name with 'Community name required' and sends nothing", async () => {
    const { user, api } = await openCreateTab();
    await user.type(screen.getByLabelText('Community name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Community' }));

    expect(await findToast('Community name required')).toHaveTextContent('Please enter a name for your community.');
    expect(api.calls('POST', '/api/communities')).toHaveLength(0);
  });

  it("sends the trimmed name and description with the browser's time zone and opens the setup wizard", async () => {
    const answer = deferred<Response>();
    const { user, api, location, becomeMember } = await openCreateTab({ 'POST /api/communities': () => answer.promise });
    await user.type(screen.getByLabelText('Community name'), '  Hope Chapel  ');
    await user.type(screen.getByLabelText('Description (optional)'), '  Sunday folk  ');
    await user.click(screen.getByRole('button', { name: 'Create Community' }));

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(api.calls('POST', '/api/communities')[0]?.body).toEqual({
      name: 'Hope Chapel',
      description: 'Sunday folk',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    const created: CommunityView = makeCommunity({ id: 'c42', name: 'Hope Chapel' });
    becomeMember([makeMembership({ communityId: 'c42', role: 'CommunityModerator', roles: ['CommunityModerator'] })]);
    answer.resolve(json(created, 201));

    expect(await findToast('Community created!')).toHaveTextContent("Let's set up your community with a quick walkthrough.");
    await waitFor(() => expect(location()).toBe('/community-setup?community=c42'));
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c42');
  });

  it('allows an empty description', async () => {
    const { user, api, becomeMember } = await openCreateTab({ 'POST /api/communities': () => json(makeCommunity({ id: 'c43' }), 201) });
    becomeMember([makeMembership({ communityId: 'c43' })]);
    await user.type(screen.getByLabelText('Community name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Create Community' }));

    expect(await findToast('Community created!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/communities')[0]?.body).toMatchObject({ name: 'Grace', description: '' });
  });

  it("shows 'Failed to create community' with the server's message", async () => {
    const { user, location } = await openCreateTab({ 'POST /api/communities': () => apiError(400, 'Community name must be at most 100 characters') });
    await user.type(screen.getByLabelText('Community name'), 'Hope');
    await user.click(screen.getByRole('button', { name: 'Create Community' }));

    expect(await findToast('Failed to create community')).toHaveTextContent('Community name must be at most 100 characters');
    expect(location()).toBe('/community-access');
  });
});
