import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckNameResult } from '@shared/contracts/auth';
import { NAME_CHECK_DEBOUNCE_MS } from '@/features/auth/api';
import { makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi, unauthorized } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';
import { claimWasSent } from '../claim-notice';

const available: CheckNameResult = { exists: false, canClaim: false, userId: null };
const taken: CheckNameResult = { exists: true, canClaim: false, userId: null };
const claimable: CheckNameResult = { exists: true, canClaim: true, userId: '9d1e6f0a-3c2b-4a5d-8e7f-112233445566' };

async function openSignUp(routes: Record<string, Handler> = {}, options?: Parameters<typeof renderApp>[1]) {
  const api = mockApi({ 'GET /api/user': unauthorized, ...routes });
  const app = renderApp('/auth', options);
  await app.user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
  const form = within(await screen.findByRole('tabpanel', { name: 'Sign Up' }));
  return { ...app, api, form };
}

async function fillValidForm(form: Awaited<ReturnType<typeof openSignUp>>['form'], user: Awaited<ReturnType<typeof openSignUp>>['user'], name = 'Ruth Moab') {
  await user.type(form.getByLabelText('Email'), 'ruth@example.org');
  await user.type(form.getByLabelText('Your name'), name);
  await user.type(form.getByLabelText('Password'), 'walking-in-faith');
  await user.type(form.getByLabelText('Confirm password'), 'walking-in-faith');
}

describe('/auth Sign Up', () => {
  it('has e-mail, name, password and confirm fields with show/hide toggles', async () => {
    const { form } = await openSignUp();
    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Your name')).toBeInTheDocument();
    expect(form.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(form.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(form.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    expect(form.getByRole('button', { name: 'Start Your Journey' })).toBeEnabled();
  });

  it('rejects a short password and a confirmation that does not match, posting nothing', async () => {
    const { form, user, api } = await openSignUp({ 'POST /api/check-name': () => json(available) });
    await user.type(form.getByLabelText('Email'), 'ruth@example');
    await user.type(form.getByLabelText('Your name'), 'Ruth');
    await user.type(form.getByLabelText('Password'), '12345');
    await user.type(form.getByLabelText('Confirm password'), '54321');
    await user.click(form.getByRole('button', { name: 'Start Your Journey' }));

    expect(await form.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(form.getByText("Passwords don't match")).toBeInTheDocument();
    expect(form.getByLabelText('Confirm password')).toHaveAccessibleDescription("Passwords don't match");
    expect(api.calls('POST', '/api/register')).toHaveLength(0);
  });

  it("shows 'Checking name availability...' while the check runs, then 'Name is available!'", async () => {
    const check = deferred<Response>();
    const { form, user, api } = await openSignUp({ 'POST /api/check-name': () => check.promise });
    await user.type(form.getByLabelText('Your name'), '  Ruth Moab ');

    expect(await form.findByText('Checking name availability...')).toBeInTheDocument();
    expect(api.calls('POST', '/api/check-name')).toHaveLength(1);
    expect(api.calls('POST', '/api/check-name')[0]?.body).toEqual({ displayName: 'Ruth Moab' });

    check.resolve(json(available));
    expect(await form.findByText('Name is available!')).toBeInTheDocument();
    expect(form.queryByText('Checking name availability...')).not.toBeInTheDocument();
  });

  it('waits for typing to pause before checking, and sends no check for a blank name', async () => {
    const { form, api } = await openSignUp({ 'POST /api/check-name': () => json(available) });
    // Fake clock for the debounce; fireEvent is synchronous, so nothing else waits on a timer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const name = form.getByLabelText('Your name');

    fireEvent.change(name, { target: { value: '   ' } });
    act(() => vi.advanceTimersByTime(NAME_CHECK_DEBOUNCE_MS * 3));
    expect(api.calls('POST', '/api/check-name')).toHaveLength(0);

    for (const value of ['R', 'Ru', 'Rut', 'Ruth']) {
      fireEvent.change(name, { target: { value } });
      act(() => vi.advanceTimersByTime(NAME_CHECK_DEBOUNCE_MS / 2));
    }
    expect(api.calls('POST', '/api/check-name')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(NAME_CHECK_DEBOUNCE_MS / 2 - 1));
    expect(api.calls('POST', '/api/check-name')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(api.calls('POST', '/api/check-name')).toHaveLength(1);
    expect(api.calls('POST', '/api/check-name')[0]?.body).toEqual({ displayName: 'Ruth' });

    vi.useRealTimers();
    expect(await form.findByText('Name is available!')).toBeInTheDocument();
  });

  it("disables 'Start Your Journey' when the name is taken and cannot be claimed", async () => {
    const { form, user } = await openSignUp({ 'POST /api/check-name': () => json(taken) });
    await user.type(form.getByLabelText('Your name'), 'Naomi');
    expect(await form.findByText('This name is already taken and cannot be claimed')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Start Your Journey' })).toBeDisabled();
  });

  it('clears the previous result as soon as the name changes', async () => {
    const { form, user } = await openSignUp({ 'POST /api/check-name': () => json(taken) });
    await user.type(form.getByLabelText('Your name'), 'Naomi');
    expect(await form.findByText('This name is already taken and cannot be claimed')).toBeInTheDocument();

    await user.type(form.getByLabelText('Your name'), ' B');
    expect(form.queryByText('This name is already taken and cannot be claimed')).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Start Your Journey' })).toBeEnabled();
  });

  it('offers to claim a name with imported history, and claims with POST /api/claim', async () => {
    const claim = deferred<Response>();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { form, user, api } = await openSignUp({
      'POST /api/check-name': () => json(claimable),
      'POST /api/claim': () => claim.promise,
    });
    await fillValidForm(form, user, 'Boaz');

    expect(await form.findByText('This name has existing data that you can claim!')).toBeInTheDocument();
    expect(await findToast('Account found!')).toHaveTextContent('We found existing data for your name. You can claim it to get your history back.');

    await user.click(form.getByRole('button', { name: 'Claim Your Account' }));
    await user.click(form.getByRole('button', { name: 'Complete Claim' }));
    expect(await form.findByRole('button', { name: 'Claiming your account...' })).toBeDisabled();
    expect(api.calls('POST', '/api/claim')[0]?.body).toEqual({
      email: 'ruth@example.org',
      displayName: 'Boaz',
      password: 'walking-in-faith',
      importedUserId: claimable.userId,
    });
    expect(api.calls('POST', '/api/register')).toHaveLength(0);

    claim.resolve(json(makeUser({ id: 'u-boaz', displayName: 'Boaz' })));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    // After the reload, the e-mail banner says the history arrives with the link (community-access-page.test.tsx).
    expect(claimWasSent('u-boaz')).toBe(true);
  });

  it('turns claim mode on when a claimable name is submitted, and off with the back link or by typing', async () => {
    const { form, user, api } = await openSignUp({ 'POST /api/check-name': () => json(claimable) });
    await fillValidForm(form, user, 'Boaz');
    await form.findByText('This name has existing data that you can claim!');

    await user.click(form.getByRole('button', { name: 'Start Your Journey' }));
    // The submit validates first (asynchronously): wait for its outcome rather than assume it has come.
    expect(await form.findByRole('button', { name: 'Complete Claim' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/register')).toHaveLength(0);

    await user.click(form.getByRole('button', { name: '← Back to regular signup' }));
    expect(form.getByRole('button', { name: 'Start Your Journey' })).toBeInTheDocument();
    // Declined: the next submit signs up with the name (an imported record's name never blocks a real account).
    await user.click(form.getByRole('button', { name: 'Start Your Journey' }));
    await waitFor(() => expect(api.calls('POST', '/api/register')).toHaveLength(1));
    expect(api.calls('POST', '/api/register')[0]?.body).toMatchObject({ displayName: 'Boaz' });

    await user.click(form.getByRole('button', { name: 'Claim Your Account' }));
    await user.type(form.getByLabelText('Your name'), 'x');
    expect(form.queryByRole('button', { name: 'Complete Claim' })).not.toBeInTheDocument();
  });

  it('shows a refused claim under the button without a toast (only logged)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'To claim this history, sign up with the e-mail your community has on file.';
    const { form, user } = await openSignUp({
      'POST /api/check-name': () => json(claimable),
      'POST /api/claim': () => apiError(403, message),
    });
    await fillValidForm(form, user, 'Boaz');
    await form.findByText('This name has existing data that you can claim!');
    await user.click(form.getByRole('button', { name: 'Claim Your Account' }));
    await user.click(form.getByRole('button', { name: 'Complete Claim' }));

    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(error).toHaveBeenCalled();
    const viewport = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(within(viewport).queryByText(message)).not.toBeInTheDocument();
  });

  it("keeps 'Start Your Journey' disabled while registering and posts only {email, displayName, password}", async () => {
    const register = deferred<Response>();
    const { form, user, api, location } = await openSignUp({
      'POST /api/check-name': () => json(available),
      'POST /api/register': () => register.promise,
      'GET /api/memberships': () => json([]),
    });
    await fillValidForm(form, user);
    await form.findByText('Name is available!');
    await user.click(form.getByRole('button', { name: 'Start Your Journey' }));

    await waitFor(() => expect(form.getByRole('button', { name: 'Start Your Journey' })).toBeDisabled());
    expect(api.calls('POST', '/api/register')).toHaveLength(1);
    expect(api.calls('POST', '/api/register')[0]?.body).toEqual({ email: 'ruth@example.org', displayName: 'Ruth Moab', password: 'walking-in-faith' });

    register.resolve(json(makeUser(), 201));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ruth Moab' })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
  });

  it("shows a refused registration as 'Registration failed' and on the matching field", async () => {
    const message = 'An account with this e-mail already exists.';
    const { form, user } = await openSignUp({
      'POST /api/check-name': () => json(available),
      'POST /api/register': () => apiError(409, message, { email: message }),
    });
    await fillValidForm(form, user);
    await user.click(form.getByRole('button', { name: 'Start Your Journey' }));

    expect(await findToast('Registration failed')).toHaveTextContent(message);
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(message);
  });
});
