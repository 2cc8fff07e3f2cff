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
