import { screen, waitFor, within } from '@testing-library/react';
import { SIGNED_IN_CHECK_URL } from '@shared/contracts/session-check';
import { currentToasts } from '@/components/ui/use-toast';
import { makeUser } from '@/test/fixtures';
import { apiError, json, mockApi, unauthorized } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const firebase = vi.hoisted(() => ({
  signInWithGooglePopup: vi.fn(),
  signOutOfFirebase: vi.fn(async () => {}),
  preloadFirebase: vi.fn(),
}));

// Firebase configured; the SDK itself (popup, ID token) is replaced.
vi.mock('@/lib/firebase', () => ({
  GOOGLE_NOT_CONFIGURED_REASON: 'Google sign-in is not set up for this site',
  isFirebaseConfigured: () => true,
  preloadFirebase: firebase.preloadFirebase,
  hasPendingGoogleRedirect: () => false,
  takeGoogleRedirectResult: vi.fn(),
  signInWithGooglePopup: firebase.signInWithGooglePopup,
  signOutOfFirebase: firebase.signOutOfFirebase,
}));

const identity = { idToken: 'header.payload.signature', email: 'ruth@example.org', displayName: 'Ruth Moab', firebaseUid: 'google-uid-1' };

async function clickGoogle() {
  const app = renderApp('/auth');
  const form = within(await screen.findByRole('tabpanel', { name: 'Sign In' }));
  await app.user.click(form.getByRole('button', { name: 'Continue with Google' }));
  return app;
}

describe('Continue with Google', () => {
  it('starts loading Firebase before the click, so the popup opens within the click', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    renderApp('/auth');
    expect(await screen.findAllByRole('button', { name: 'Continue with Google' })).toHaveLength(1);
    expect(firebase.preloadFirebase).toHaveBeenCalled();
  });

  it('posts the ID token, re-fetches the user and greets them with a welcome title', async () => {
    firebase.signInWithGooglePopup.mockResolvedValue(identity);
    let signedIn = false;
    const api = mockApi({
      'GET /api/user': () => (signedIn ? json(makeUser()) : unauthorized()),
      'POST /api/auth/google': () => {
        signedIn = true;
        return json(makeUser());
      },
      'GET /api/memberships': () => json([]),
    });
    const { location } = await clickGoogle();

    expect(await findToast('Welcome, Ruth Moab!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/google')[0]?.body).toEqual(identity);
    await waitFor(() => expect(api.calls('GET', SIGNED_IN_CHECK_URL)).toHaveLength(2));
    await waitFor(() => expect(location()).toBe('/community-access'));
  });

  it("shows the destructive toast 'Google Sign In failed' with the server's message when refused", async () => {
    firebase.signInWithGooglePopup.mockResolvedValue(identity);
    mockApi({ 'GET /api/user': unauthorized, 'POST /api/auth/google': () => apiError(401, 'This Google sign-in could not be verified.') });
    await clickGoogle();
    const toast = await findToast('Google Sign In failed');
    expect(toast).toHaveTextContent('This Google sign-in could not be verified.');
  });

  it("falls back to 'Authentication failed' when the refusal has no message", async () => {
    firebase.signInWithGooglePopup.mockResolvedValue(identity);
    mockApi({ 'GET /api/user': unauthorized, 'POST /api/auth/google': () => new Response('<html></html>', { status: 502 }) });
    await clickGoogle();
    expect(await findToast('Google Sign In failed')).toHaveTextContent('Authentication failed');
  });

  it.each([
    ['auth/popup-blocked', "Your browser blocked Google's sign-in window. Allow pop-ups for this site, then try again."],
    ['auth/network-request-failed', 'Google could not be reached. Check your connection and try again.'],
    ['auth/internal-error', 'Google sign-in did not finish. Please try again.'],
  ])('says so when the Google window fails (%s), and stays on Sign In', async (code, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    firebase.signInWithGooglePopup.mockRejectedValue(Object.assign(new Error('failed'), { code }));
    const api = mockApi({ 'GET /api/user': unauthorized });
    await clickGoogle();
    expect(await findToast('Google Sign In failed')).toHaveTextContent(message);
    expect(api.calls('POST', '/api/auth/google')).toHaveLength(0);
    expect(screen.getByRole('tabpanel', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('only logs a popup the person closed themselves', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    firebase.signInWithGooglePopup.mockRejectedValue(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }));
    const api = mockApi({ 'GET /api/user': unauthorized });
    await clickGoogle();

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(api.calls('POST', '/api/auth/google')).toHaveLength(0);
    expect(currentToasts()).toHaveLength(0);
    expect(screen.getByRole('tabpanel', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('signs out of Firebase on sign-out, and still signs out when that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    firebase.signOutOfFirebase.mockRejectedValueOnce(new Error('network'));
    const api = mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([]), 'POST /api/logout': () => json({}) });
    const { user, location } = renderApp('/community-access');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await findToast('Signed out successfully')).toBeInTheDocument();
    expect(firebase.signOutOfFirebase).toHaveBeenCalled();
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(location()).toBe('/auth');
  });
});
