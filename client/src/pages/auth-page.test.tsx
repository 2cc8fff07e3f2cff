import { screen, waitFor, within } from '@testing-library/react';
import { currentToasts } from '@/components/ui/use-toast';
import { makeUser } from '@/test/fixtures';
import { apiError, deferred, json, mockApi, unauthorized } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

async function openSignIn() {
  return within(await screen.findByRole('tabpanel', { name: 'Sign In' }));
}

describe('/auth', () => {
  it('shows the two tabs, the Steadfast hero and its marketing points', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    renderApp('/auth');

    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Steadfast' })).toBeInTheDocument();
    expect(screen.getByText('Faith Journey Community')).toBeInTheDocument();
    expect(screen.getByText('Daily discipline tracking')).toBeInTheDocument();
    expect(screen.getByText('Commander guidance')).toBeInTheDocument();
    expect(screen.getByText('Community support')).toBeInTheDocument();
  });

  it('does not show an error toast when GET /api/user answers 401', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    renderApp('/auth');
    await screen.findByRole('tabpanel', { name: 'Sign In' });
    // The toasts' viewport mounts with the first toast (app.tsx): no store entry, no viewport.
    expect(currentToasts()).toHaveLength(0);
  });

  it('validates the sign-in form and posts nothing when it is invalid', async () => {
    const api = mockApi({ 'GET /api/user': unauthorized });
    const { user } = renderApp('/auth');
    const form = await openSignIn();

    await user.type(form.getByLabelText('Email'), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Sign in to Steadfast' }));

    expect(await form.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/login')).toHaveLength(0);
  });

  it('toggles the password between hidden and visible', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { user } = renderApp('/auth');
    const form = await openSignIn();
    const password = form.getByLabelText('Password');

    expect(password).toHaveAttribute('type', 'password');
    await user.click(form.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(form.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("reads 'Signing you in...' while pending, posts {username, password}, then goes on to /community-access without a community", async () => {
    const login = deferred<Response>();
    const api = mockApi({
      'GET /api/user': unauthorized,
      'POST /api/login': () => login.promise,
      'GET /api/memberships': () => json([]),
    });
    const { user, location } = renderApp('/auth');
    const form = await openSignIn();

    await user.type(form.getByLabelText('Email'), ' Ruth@Example.org ');
    await user.type(form.getByLabelText('Password'), 'walking-in-faith');
    await user.click(form.getByRole('button', { name: 'Sign in to Steadfast' }));

    const pending = await form.findByRole('button', { name: 'Signing you in...' });
    expect(pending).toBeDisabled();
    expect(api.calls('POST', '/api/login')[0]?.body).toEqual({ username: 'ruth@example.org', password: 'walking-in-faith' });
    expect(api.calls('POST', '/api/login')[0]?.credentials).toBe('include');

    login.resolve(json(makeUser()));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ruth Moab' })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
    expect(api.calls('GET', '/api/memberships')).toHaveLength(1);
  });

  it("shows 'Login failed' with the server's message on 401 and stays on /auth", async () => {
    mockApi({
      'GET /api/user': unauthorized,
      'POST /api/login': () => apiError(401, 'Invalid e-mail or password.'),
    });
    const { user, location } = renderApp('/auth');
    const form = await openSignIn();

    await user.type(form.getByLabelText('Email'), 'ruth@example.org');
    await user.type(form.getByLabelText('Password'), 'wrong-password');
    await user.click(form.getByRole('button', { name: 'Sign in to Steadfast' }));

    const toast = await findToast('Login failed');
    expect(within(toast).getByText('Invalid e-mail or password.')).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(form.getByRole('button', { name: 'Sign in to Steadfast' })).toBeEnabled();
  });

  it('redirects a signed-in user from /auth to / (and on to /community-access without memberships)', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([]) });
    const { location } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ruth Moab' })).toBeInTheDocument();
    expect(location()).toBe('/community-access');
  });

  it('shows Continue with Google on both tabs, disabled with the reason when Firebase is not set up', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { user } = renderApp('/auth');
    const signIn = await openSignIn();
    const google = signIn.getByRole('button', { name: 'Continue with Google' });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription('Google sign-in is not set up for this site');

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    const signUp = within(await screen.findByRole('tabpanel', { name: 'Sign Up' }));
    expect(signUp.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(signUp.getByText('Google sign-in is not set up for this site')).toBeVisible();
  });

  it('keeps what was typed when switching tabs', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { user } = renderApp('/auth');
    const signIn = await openSignIn();
    await user.type(signIn.getByLabelText('Email'), 'ruth@example.org');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'Sign In' })).toBeVisible());
    expect(within(screen.getByRole('tabpanel', { name: 'Sign In' })).getByLabelText('Email')).toHaveValue('ruth@example.org');
  });
});
