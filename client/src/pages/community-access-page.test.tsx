import { screen } from '@testing-library/react';
import { rememberClaimSent } from '@/features/auth/claim-notice';
import { makeUser } from '@/test/fixtures';
import { json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

const unverified = makeUser({ id: 'u-hannah', displayName: 'Hannah', email: 'hannah@example.org', emailVerified: false });

function renderAccess(user = unverified) {
  mockApi({ 'GET /api/user': () => json(user), 'GET /api/memberships': () => json([]) });
  return renderApp('/community-access');
}

describe('/community-access', () => {
  afterEach(() => sessionStorage.clear());

  it('says a confirmation link was sent, with a way to get a new one, until the e-mail is confirmed', async () => {
    renderAccess();
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail' });
    expect(banner).toHaveTextContent('Please confirm your e-mail. We sent a link to hannah@example.org.');
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
  });

  it('after a claim at sign-up, says the history, the community and the role arrive once the link is opened', async () => {
    rememberClaimSent(unverified.id);
    renderAccess();
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail' });
    expect(banner).toHaveTextContent('Your history is on its way. We sent a link to hannah@example.org.');
    expect(banner).toHaveTextContent('your imported history, your community and your role arrive as soon as you do.');
  });

  it('says nothing of it once the e-mail is confirmed', async () => {
    renderAccess({ ...unverified, emailVerified: true });
    expect(await screen.findByRole('heading', { name: 'Welcome, Hannah' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail' })).not.toBeInTheDocument();
  });
});
