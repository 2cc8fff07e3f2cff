import { screen, waitFor, within } from '@testing-library/react';
import type { MembershipView } from '@shared/contracts/communities';
import { apiError, type Handler, json, mockApi } from '@/test/api-mock';
import { makeCommunity, makeMembership, makeStats, makeUser } from '@/test/fixtures';
import { findToast, renderApp } from '@/test/render-app';

const CLOSES_AT = '2027-03-12T18:00:00.000Z';

const membershipOf = (roles: MembershipView['roles'], closesAt: string | null = null) =>
  makeMembership({ communityId: 'c1', role: roles[0]!, roles, community: { id: 'c1', name: 'Hope Chapel', description: null, closesAt } });

function renderSettings({ roles = ['CommunityModerator'], closesAt = null, hasPassword = true, path = '/admin?tab=settings', routes = {} }: {
  roles?: MembershipView['roles'];
  closesAt?: string | null;
  hasPassword?: boolean;
  path?: string;
  routes?: Record<string, Handler>;
} = {}) {
  let current = { closesAt };
  const api = mockApi({
    'GET /api/user': () => json(makeUser({ hasPassword })),
    'GET /api/memberships': () => json([membershipOf(roles, current.closesAt)]),
    'GET /api/communities/c1': () => json(makeCommunity({ closesAt: current.closesAt })),
    'GET /api/communities/c1/stats': () => json(makeStats()),
    'POST /api/communities/c1/close': () => {
      current = { closesAt: CLOSES_AT };
      return json(makeCommunity({ closesAt: CLOSES_AT }));
    },
    'POST /api/communities/c1/reopen': () => {
      current = { closesAt: null };
      return json(makeCommunity({ closesAt: null }));
    },
    ...routes,
  });
  return { ...renderApp(path), api };
}

const card = async (title: string) => (await screen.findByText(title, { selector: '[class*="font-semibold"]' })).closest('.border-destructive\\/40') as HTMLElement;

describe('Community Settings: Close this community', () => {
  it('says what closing does and asks the password; a wrong one shows on the field, the right one closes and shows the date', async () => {
    let attempts = 0;
    const { user, api } = renderSettings({
      routes: {
        'POST /api/communities/c1/close': (request) => {
          attempts += 1;
          if ((request.body as { password?: string }).password !== 'right password') {
            return apiError(400, 'Your password is not correct.', { password: 'Your password is not correct.' }, 'wrong_password');
          }
          return json(makeCommunity({ closesAt: CLOSES_AT }));
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Close this community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Hope Chapel?' });
    expect(within(dialog).getByText(/For 30 days the community is read-only/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Each can download their own data/)).toBeInTheDocument();
    expect(within(dialog).getByText(/erased with everything in it/)).toBeInTheDocument();

    // Nothing is sent without a password.
    await user.click(within(dialog).getByRole('button', { name: 'Close the community' }));
    expect(await within(dialog).findByText('Enter your password to confirm.')).toBeInTheDocument();
    expect(attempts).toBe(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Close the community' }));
    expect(await within(dialog).findByText('Your password is not correct.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');

    const membershipReads = api.calls('GET', '/api/memberships').length;
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Close the community' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/communities/c1/close').at(-1)!.body).toEqual({ password: 'right password' });
    expect(await findToast('Community closing')).toBeInTheDocument();

    // The card now shows the date, Reopen and the community's data; the memberships (the banner) are read again.
    const closing = await card('This community is closing');
    expect(within(closing).getByText('March 12, 2027')).toBeInTheDocument();
    expect(within(closing).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(within(closing).getByRole('button', { name: 'Download community data' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/memberships').length).toBeGreaterThan(membershipReads));
  });

  it('asks a Google sign-in instead of a password from an account without one', async () => {
    const { user, api } = renderSettings({ hasPassword: false });
    await user.click(await screen.findByRole('button', { name: 'Close this community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Hope Chapel?' });
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/sign in with Google again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close the community' }));
    await waitFor(() => expect(api.calls('POST', '/api/communities/c1/close')).toHaveLength(1));
    expect(api.calls('POST', '/api/communities/c1/close')[0]!.body).toEqual({});
  });

  it('reopens a closing community and reads the memberships again; until then its settings are shown, not offered', async () => {
    const { user, api } = renderSettings({ closesAt: CLOSES_AT });
    const closing = await card('This community is closing');
    expect(screen.getByText(/Read-only while the community is closing/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(screen.getByLabelText(/Needs a word after/i)).toBeDisabled();
    const membershipReads = api.calls('GET', '/api/memberships').length;
    await user.click(within(closing).getByRole('button', { name: 'Reopen' }));
    expect(await findToast('Community reopened')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Close this community' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/memberships').length).toBeGreaterThan(membershipReads));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it("shows the server's words when the community data cannot be downloaded", async () => {
    const { user } = renderSettings({
      closesAt: CLOSES_AT,
      routes: { 'GET /api/communities/c1/export': () => apiError(429, "You can download this community's data 5 times an hour. Please try again later.") },
    });
    await user.click(await screen.findByRole('button', { name: 'Download community data' }));
    const toast = await findToast('Could not download the community data');
    expect(toast).toHaveTextContent('5 times an hour');
  });
});

describe('the closing banner', () => {
  it('tells every member of a closing community when it closes, with their own data to download', async () => {
    renderSettings({ roles: ['Member'], closesAt: CLOSES_AT, path: '/admin' });
    const banner = await screen.findByRole('region', { name: 'Community closing' });
    expect(banner).toHaveTextContent('Hope Chapel closes on March 12, 2027. Download your data before then.');
    expect(within(banner).getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    // A Member is offered neither closing nor reopening.
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  });

  it('is not shown while the community is open', async () => {
    renderSettings({ roles: ['Member'], path: '/admin' });
    await screen.findByRole('heading', { level: 1, name: 'Administration' });
    expect(screen.queryByRole('region', { name: 'Community closing' })).not.toBeInTheDocument();
  });
});
