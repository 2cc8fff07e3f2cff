import { screen, waitFor } from '@testing-library/react';
import { SIGNED_IN_CHECK_URL } from '@shared/contracts/session-check';
import { UNREACHABLE_MESSAGE } from '@/components/layout/unreachable';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, type Handler, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';
import { USER_QUERY_KEY } from './auth';
import { MEMBERSHIPS_QUERY_KEY } from './community';
import { keepOfflineCopy } from './offline-copy';
import { createQueryClient } from './query-client';

// Issue 38 item 11: only a 401 means signed out. A network error or a 5xx on the signed-in check keeps the last
// known user (from the copy kept on this device), says the server cannot be reached, and refreshes by itself.

const ruth = makeUser({ displayName: 'Ruth Moab' });
const membership = makeMembership();

/** What this device kept the last time Ruth used the app. */
async function keptCopyOfRuth() {
  const earlier = createQueryClient();
  earlier.setQueryData(USER_QUERY_KEY, ruth);
  earlier.setQueryData(MEMBERSHIPS_QUERY_KEY, [membership]);
  await keepOfflineCopy(earlier);
}

const down = () => apiError(503, 'Steadfast cannot reach its database right now. Please try again in a moment.', undefined, 'database_unavailable');
const networkError: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the server cannot be reached', () => {
  afterEach(async () => {
    // The kept copy is this device's: the next test starts without one.
    const { del, createStore } = await import('idb-keyval');
    await del('queries', createStore('steadfast-cache', 'queries'));
  });

  it.each([
    ['a 503 (its database away)', down],
    ['a network error (the server stopped)', networkError],
  ])('after %s, shows the last screens with a notice instead of the sign-in form, and refreshes once the server answers', async (_label, failure) => {
    await keptCopyOfRuth();
    let answer: Handler = failure;
    const api = mockApi({
      [`GET ${SIGNED_IN_CHECK_URL}`]: (request) => answer(request),
      'GET /api/memberships': (request) => answer(request),
      'GET /api/user/notification-preferences': (request) => answer(request),
      'GET /api/push/subscriptions': (request) => answer(request),
    });
    const { location, user } = renderApp('/profile');
    expect(await screen.findByText(UNREACHABLE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByLabelText('Display name')).toHaveValue('Ruth Moab');
    expect(location()).toBe('/profile');
    expect(screen.queryByRole('tab', { name: 'Sign In' })).not.toBeInTheDocument();

    // The server is back: the next try (here the notice's own button) finds it, and what was shown is read again.
    const membershipReads = api.calls('GET', '/api/memberships').length;
    // (The notification settings stay away: only the signed-in check decides whether the server is reachable.)
    answer = (request) => (request.url === SIGNED_IN_CHECK_URL ? json(ruth) : request.url === '/api/memberships' ? json([membership]) : down());
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(screen.queryByText(UNREACHABLE_MESSAGE)).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('GET', '/api/memberships').length).toBeGreaterThan(membershipReads));
    expect(location()).toBe('/profile');
  });

  it('with nothing kept on this device, says it cannot reach Steadfast (not a sign-in form) and tries again', async () => {
    let answer: Handler = networkError;
    const api = mockApi({ [`GET ${SIGNED_IN_CHECK_URL}`]: (request) => answer(request) });
    const { user, location } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Can’t reach Steadfast' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(location()).toBe('/');
    // Signed out after all, once the server says so.
    answer = () => json(null);
    await user.click(screen.getByRole('button', { name: 'Try again now' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.calls('GET', SIGNED_IN_CHECK_URL).length).toBeGreaterThanOrEqual(2);
  });

  it('still takes the server’s own answer (signed out) as signed out, whatever this device kept', async () => {
    await keptCopyOfRuth();
    mockApi({ [`GET ${SIGNED_IN_CHECK_URL}`]: () => json(null) });
    const { location } = renderApp('/profile');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(screen.queryByText(UNREACHABLE_MESSAGE)).not.toBeInTheDocument();
  });
});
