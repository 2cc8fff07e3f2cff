import { screen, within } from '@testing-library/react';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

function renderProfile(routes: Record<string, Handler> = {}) {
  const api = mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([makeMembership()]), ...routes });
  return { ...renderApp('/profile'), api };
}

async function openChangePassword(user: ReturnType<typeof renderProfile>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Change Password' }));
  return within(await screen.findByRole('dialog', { name: 'Change Password' }));
}

describe('/profile', () => {
  it('shows the account with its created date, the name changed only through its dialog, a back link and Manage Communities', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByLabelText('Display name')).toHaveValue('Ruth Moab');
    expect(screen.getByLabelText('Display name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ruth@example.org');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Change name' })).toBeEnabled();
    expect(screen.getByText(/Your display name is how the members of your communities know you: you can change it here/)).toBeInTheDocument();
    expect(screen.queryByText('Contact your administrator to update your profile information')).not.toBeInTheDocument();
    expect(screen.getByText('November 21, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Communities' })).toHaveAttribute('href', '/community-access');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });

  it("changes the password with POST /api/user/password and shows 'Password Changed'", async () => {
    const change = deferred<Response>();
    const { user, api } = renderProfile({ 'POST /api/user/password': () => change.promise });
    const dialog = await openChangePassword(user);

    await user.type(dialog.getByLabelText('Current password'), 'old-password');
    await user.type(dialog.getByLabelText('New password'), 'a-new-song-2026');
    await user.type(dialog.getByLabelText('Confirm new password'), 'a-new-song-2026');
    await user.click(dialog.getByRole('button', { name: 'Save New Password' }));

    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(api.calls('POST', '/api/user/password')[0]?.body).toEqual({ currentPassword: 'old-password', newPassword: 'a-new-song-2026' });

    change.resolve(json({ message: 'Password changed.' }));
    expect(await findToast('Password Changed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('shows a wrong current password on the current-password field', async () => {
    const message = 'Your current password is not correct.';
    const { user } = renderProfile({ 'POST /api/user/password': () => apiError(400, message, { currentPassword: message }) });
    const dialog = await openChangePassword(user);

    await user.type(dialog.getByLabelText('Current password'), 'not-it');
    await user.type(dialog.getByLabelText('New password'), 'a-new-song-2026');
    await user.type(dialog.getByLabelText('Confirm new password'), 'a-new-song-2026');
    await user.click(dialog.getByRole('button', { name: 'Save New Password' }));

    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Current password')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('checks the new password in the form before sending anything', async () => {
    const { user, api } = renderProfile();
    const dialog = await openChangePassword(user);

    await user.click(dialog.getByRole('button', { name: 'Save New Password' }));
    expect(await dialog.findByText('Current password is required')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Current password'), 'old-password');
    await user.type(dialog.getByLabelText('New password'), '12345');
    await user.type(dialog.getByLabelText('Confirm new password'), '123456');
    await user.click(dialog.getByRole('button', { name: 'Save New Password' }));
    expect(await dialog.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(dialog.getByText("Passwords don't match")).toBeInTheDocument();
    expect(api.calls('POST', '/api/user/password')).toHaveLength(0);
  });

  it('explains that a Google-only account has no password to change', async () => {
    renderProfile({ 'GET /api/user': () => json(makeUser({ hasPassword: false })) });
    expect(await screen.findByRole('button', { name: 'Change Password' })).toBeDisabled();
    expect(screen.getByText('You sign in with Google, so there is no password to change.')).toBeInTheDocument();
  });
});

describe('/profile: the account’s sessions', () => {
  it("'Sign out everywhere' asks first, then ends every session and opens the sign-in page", async () => {
    const signOut = deferred<Response>();
    const { user, api, location } = renderProfile({ 'POST /api/logout-everywhere': () => signOut.promise });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(confirm).toHaveTextContent('every other phone and computer');
    expect(api.calls('POST', '/api/logout-everywhere')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(confirm).findByRole('button', { name: 'Signing out...' })).toBeDisabled();
    signOut.resolve(json({ message: 'Signed out on every device.' }));
    expect(await findToast('Signed out on every device')).toBeInTheDocument();
    expect(location()).toBe('/auth');
  });

  it('after a Google takeover, shows once the communities joined before the e-mail was proven, each with Leave, until Done', async () => {
    const review = { communities: [{ communityId: 'c9', name: 'Unknown Fellowship', joinedAt: '2026-11-01T10:00:00.000Z' }] };
    let left = false;
    const { user, api } = renderProfile({
      'GET /api/user': () => json(makeUser({ takeoverReviewPending: true })),
      'GET /api/user/takeover-review': () => json(left ? { communities: [] } : review),
      'POST /api/communities/c9/leave': () => ((left = true), json({ message: 'Left.' })),
      'POST /api/user/takeover-review/done': () => new Response(null, { status: 204 }),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Communities joined before your e-mail was confirmed' }));
    expect(await dialog.findByText('Unknown Fellowship')).toBeInTheDocument();
    expect(dialog.getByText('Joined November 1, 2026')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Leave' }));
    const confirmLeave = within(dialog.getByRole('group', { name: 'Leave Unknown Fellowship?' }));
    await user.click(confirmLeave.getByRole('button', { name: 'Leave' }));
    expect(await findToast('Community left')).toHaveTextContent('You are no longer a member of Unknown Fellowship.');
    expect(api.calls('POST', '/api/communities/c9/leave')).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Communities joined before your e-mail was confirmed' })).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/user/takeover-review/done')).toHaveLength(1);
  });
});

describe('/profile: a takeover with nothing to review', () => {
  it('shows no dialog and says it is done once, even when saving that fails', async () => {
    const { api } = renderProfile({
      'GET /api/user': () => json(makeUser({ takeoverReviewPending: true })),
      'GET /api/user/takeover-review': () => json({ communities: [] }),
      'POST /api/user/takeover-review/done': () => apiError(503, 'Down'),
    });
    expect(await findToast('Could not save that')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/user/takeover-review/done')).toHaveLength(1);
  });
});
