import { screen, waitFor, within } from '@testing-library/react';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { makeMembership, makeUser } from '@/test/fixtures';
import { findToast, renderApp } from '@/test/render-app';

function renderProfile(routes: Record<string, Handler> = {}, user = makeUser()) {
  const api = mockApi({ 'GET /api/user': () => json(user), 'GET /api/memberships': () => json([makeMembership()]), ...routes });
  return { ...renderApp('/profile'), api };
}

async function openDelete(user: ReturnType<typeof renderProfile>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
}

describe('/profile: Your data', () => {
  it('says what goes and what stays, and deletes with the password: every screen forgets the user and /auth says so', async () => {
    const answer = deferred<Response>();
    const { user, api, location } = renderProfile({ 'DELETE /api/user': () => answer.promise });
    const dialog = await openDelete(user);
    expect(dialog.getByRole('heading', { name: 'Erased at once' })).toBeInTheDocument();
    expect(dialog.getByText(/shown as from “a former member”/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Your password'), 'my-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(api.calls('DELETE', '/api/user').map((call) => call.body)).toEqual([{ password: 'my-password' }]);

    answer.resolve(new Response(null, { status: 204 }));
    expect(await findToast('Your account was deleted')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it('asks for the password before sending, and shows a wrong one on the field', async () => {
    const wrong = 'Your password is not correct.';
    const { user, api } = renderProfile({ 'DELETE /api/user': () => apiError(400, wrong, { password: wrong }, 'wrong_password') });
    const dialog = await openDelete(user);
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Enter your password to confirm.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/user')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Your password'), 'not-it');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(wrong)).toBeInTheDocument();
    expect(dialog.getByLabelText('Your password')).toHaveAccessibleDescription(wrong);
    expect(dialog.getByLabelText('Your password')).toHaveFocus();
  });

  it("shows the only moderator's refusal in the dialog, which stays open", async () => {
    const message = 'You are the only Community Moderator of Grace Chapel. Make another member a Community Moderator, or close the community, before deleting your account.';
    const { user } = renderProfile({ 'DELETE /api/user': () => apiError(409, message, undefined, 'only_moderator') });
    const dialog = await openDelete(user);
    await user.type(dialog.getByLabelText('Your password'), 'my-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
  });

  it('an account without a password is told to sign in with Google again, and sends no password', async () => {
    const { user, api } = renderProfile({ 'DELETE /api/user': () => new Response(null, { status: 204 }) }, makeUser({ hasPassword: false }));
    const dialog = await openDelete(user);
    expect(dialog.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(dialog.getByText(/sign out and in again with Google first/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/user').map((call) => call.body)).toEqual([{}]));
  });

  it('downloads the export under the name the server gives, and says when the hour’s downloads are used up', async () => {
    let answers = 0;
    const { user, api } = renderProfile({
      'GET /api/user/export': () =>
        ++answers === 1
          ? new Response('{"format":"steadfast-user-export/1"}', { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="steadfast-2026-11-28.json"' } })
          : apiError(429, 'You have downloaded your data 5 times in the last hour. Please wait an hour before downloading it again.', undefined, 'rate_limited'),
    });
    const card = within((await screen.findByRole('heading', { name: 'Your data' })).closest('#your-data') as HTMLElement);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    await user.click(card.getByRole('button', { name: 'Download my data' }));
    expect(await findToast('Your data is downloading')).toBeInTheDocument();
    expect(saved).toEqual(['steadfast-2026-11-28.json']);
    await user.click(card.getByRole('button', { name: 'Download my data' }));
    expect(await findToast('Could not download your data')).toHaveTextContent('Please wait an hour');
    expect(api.calls('GET', '/api/user/export')).toHaveLength(2);
    click.mockRestore();
  });
});
