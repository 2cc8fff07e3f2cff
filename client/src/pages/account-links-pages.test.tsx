import { screen } from '@testing-library/react';
import { LINK_OF_ANOTHER_ACCOUNT_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from '@shared/contracts/auth';
import { apiError, deferred, json, mockApi, unauthorized } from '@/test/api-mock';
import { makeMembership, makeUser } from '@/test/fixtures';
import { findToast, renderApp } from '@/test/render-app';

const TOKEN = 'A'.repeat(43);
const LINK_INVALID = 'This link is not valid any more: it may have expired or been used already.';

describe('/forgot-password', () => {
  it('is reached from Sign In, checks the address, and shows the same answer for every address', async () => {
    const api = mockApi({ 'GET /api/user': unauthorized, 'POST /api/password-reset': () => json({ message: PASSWORD_RESET_SENT_MESSAGE }, 202) });
    const { user, location } = renderApp('/auth');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(location()).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(api.calls('POST', '/api/password-reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Ruth@Example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_SENT_MESSAGE);
    expect(api.calls('POST', '/api/password-reset')[0]?.body).toEqual({ email: 'ruth@example.org' });
  });

  it('shows a refusal (too many requests) with the server’s message and keeps the form', async () => {
    mockApi({ 'GET /api/user': unauthorized, 'POST /api/password-reset': () => apiError(429, 'Several reset links were asked for this e-mail already.') });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ruth@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Several reset links were asked for this e-mail already.');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('sets the new password with the link’s token, then signs in on the dashboard', async () => {
    const answer = deferred<Response>();
    const api = mockApi({
      'GET /api/user': unauthorized,
      'POST /api/password-reset/confirm': () => answer.promise,
      'GET /api/memberships': () => json([makeMembership()]),
    });
    const { user, location } = renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a-better-passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-different-one');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(api.calls('POST', '/api/password-reset/confirm')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a-better-passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(api.calls('POST', '/api/password-reset/confirm')[0]?.body).toEqual({ token: TOKEN, password: 'a-better-passphrase' });
    answer.resolve(json(makeUser()));
    expect(await findToast('Password changed')).toHaveTextContent('You are signed in.');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(location()).toBe('/');
  });

  it('says when the link no longer works and offers a new one', async () => {
    mockApi({ 'GET /api/user': unauthorized, 'POST /api/password-reset/confirm': () => json({ message: LINK_INVALID, code: 'link_invalid', fields: { token: LINK_INVALID } }, 400) });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a-better-passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-better-passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the password rule the server refused under the field', async () => {
    mockApi({ 'GET /api/user': unauthorized, 'POST /api/password-reset/confirm': () => apiError(400, 'Invalid input', { password: 'This password is too common.' }) });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'password1');
    await user.type(screen.getByLabelText('Confirm new password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
  });
});

describe('/verify-email', () => {
  it('asks a signed-out visitor to sign in first, then follows the link once and says it worked', async () => {
    let signedIn = false;
    const api = mockApi({
      'GET /api/user': () => (signedIn ? json(makeUser({ emailVerified: false })) : unauthorized()),
      'POST /api/login': () => {
        signedIn = true;
        return json(makeUser({ emailVerified: false }));
      },
      'GET /api/memberships': () => json([]),
      'POST /api/verify-email': () => json({ message: 'Thank you: your e-mail is verified.', communityIds: [] }),
    });
    const { user } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to confirm your e-mail' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/verify-email')).toHaveLength(0);
    await user.type(screen.getByLabelText('Email'), 'ruth@example.org');
    await user.type(screen.getByLabelText('Password'), 'walking-in-faith');
    await user.click(screen.getByRole('button', { name: 'Sign in to Steadfast' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Thank you: your e-mail is verified.');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(api.calls('POST', '/api/verify-email')).toEqual([expect.objectContaining({ body: { token: TOKEN } })]);
  });

  it('offers a signed-in, unverified member a new link when this one is spent', async () => {
    const api = mockApi({
      'GET /api/user': () => json(makeUser({ emailVerified: false })),
      'GET /api/memberships': () => json([makeMembership()]),
      'POST /api/verify-email': () => json({ message: LINK_INVALID, code: 'link_invalid' }, 400),
      'POST /api/verify-email/resend': () => json({ message: 'We sent a new link to ruth@example.org. It works for 24 hours.' }, 202),
    });
    const { user } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await findToast('Link sent')).toHaveTextContent('We sent a new link to ruth@example.org.');
    expect(api.calls('POST', '/api/verify-email/resend')).toHaveLength(1);
  });

  it("says a link of another account is that account's, and offers to sign out", async () => {
    const api = mockApi({
      'GET /api/user': () => json(makeUser({ email: 'boaz@example.org', emailVerified: false })),
      'GET /api/memberships': () => json([makeMembership()]),
      'POST /api/verify-email': () => json({ message: LINK_OF_ANOTHER_ACCOUNT_MESSAGE, code: 'link_other_account' }, 409),
      'POST /api/logout': () => json({ message: 'Signed out' }),
    });
    const { user, location } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is for another account' })).toBeInTheDocument();
    expect(screen.getByText(LINK_OF_ANOTHER_ACCOUNT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('boaz@example.org')).toBeInTheDocument();
    expect(screen.queryByText(/expired or been used/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await findToast('Signed out successfully')).toBeInTheDocument();
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(location()).toBe('/auth');
  });
});

describe('the verify-your-e-mail banner', () => {
  it('asks an unverified member to confirm, and can be put away', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser({ emailVerified: false })), 'GET /api/memberships': () => json([makeMembership()]) });
    const { user } = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail' });
    expect(banner).toHaveTextContent('We sent a link to ruth@example.org');
    await user.click(screen.getByRole('button', { name: 'Dismiss this reminder' }));
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail' })).not.toBeInTheDocument();
  });

  it('is not shown once the e-mail is verified', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser({ emailVerified: true })), 'GET /api/memberships': () => json([makeMembership()]) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail' })).not.toBeInTheDocument();
  });
});
