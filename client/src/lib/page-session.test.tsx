import { screen, waitFor } from '@testing-library/react';
import { PAGE_SESSION_ELEMENT_ID, SIGNED_IN_CHECK_URL } from '@shared/contracts/session-check';
import { COMMUNITY_STORAGE_KEY, MEMBERSHIPS_QUERY_KEY } from '@/lib/community';
import { json, mockApi } from '@/test/api-mock';
import { makeMembership, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { USER_QUERY_KEY } from './auth';

/** index.html as the server sends it to a signed-in visitor (server/http/page-session.ts). */
function pageWithSession(session: unknown, text = JSON.stringify(session)) {
  const tag = document.createElement('script');
  tag.id = PAGE_SESSION_ELEMENT_ID;
  tag.type = 'application/json';
  tag.textContent = text;
  document.head.append(tag);
}

afterEach(() => document.getElementById(PAGE_SESSION_ELEMENT_ID)?.remove());

const hopeChapel = makeMembership({ communityId: 'c1', community: { id: 'c1', name: 'Hope Chapel', description: null } });

describe('the signed-in visitor in index.html (issue 40 item 4)', () => {
  it('renders the shell and the screen from the tag without asking who is signed in or their memberships', async () => {
    const user = makeUser({ displayName: 'Naomi Bethlehem' });
    pageWithSession({ user, memberships: [hopeChapel] });
    const api = mockApi({});
    const { queryClient } = renderApp('/meetings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meetings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Current community: Hope Chapel/ })).toBeInTheDocument();
    expect(api.calls('GET', SIGNED_IN_CHECK_URL)).toHaveLength(0);
    expect(api.calls('GET', '/api/user')).toHaveLength(0);
    expect(api.calls('GET', '/api/memberships')).toHaveLength(0);
    // Filed under the keys the app reads them by, as fresh answers.
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user);
    expect(queryClient.getQueryState(MEMBERSHIPS_QUERY_KEY)?.dataUpdatedAt).toBeGreaterThan(0);
    expect(document.getElementById(PAGE_SESSION_ELEMENT_ID)).toBeNull();
  });

  it('asks for the memberships itself when the community this browser shows is not among them (a SuperAdmin elsewhere)', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c9');
    const elsewhere = makeMembership({ id: null, communityId: 'c9', community: { id: 'c9', name: 'Grace Hall', description: null } });
    pageWithSession({ user: makeUser({ isSuperAdmin: true }), memberships: [hopeChapel] });
    const api = mockApi({ 'GET /api/memberships': () => json([hopeChapel, elsewhere]) });
    renderApp('/meetings');

    expect(await screen.findByRole('button', { name: /Current community: Grace Hall/ })).toBeInTheDocument();
    expect(api.calls('GET', '/api/memberships')[0]?.headers.get('X-Community-Id')).toBe('c9');
    expect(api.calls('GET', SIGNED_IN_CHECK_URL)).toHaveLength(0);
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('c9');
  });

  it('without a tag (signed out, or the offline shell), or with one that is unreadable, asks the server as before', async () => {
    pageWithSession(undefined, '{"user": ');
    const api = mockApi({ [`GET ${SIGNED_IN_CHECK_URL}`]: () => json(null) });
    const { location } = renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    await waitFor(() => expect(api.calls('GET', SIGNED_IN_CHECK_URL)).toHaveLength(1));
  });
});
