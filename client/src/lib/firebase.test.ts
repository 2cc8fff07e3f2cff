import { isFirebaseConfigured, signInWithGooglePopup } from './firebase';

describe('Google sign-in without Firebase settings', () => {
  afterEach(() => {
    delete window.__steadfastGoogleStub;
  });

  it('is not available, and says so when asked to sign in', async () => {
    expect(isFirebaseConfigured()).toBe(false);
    await expect(signInWithGooglePopup()).rejects.toThrow('Google sign-in is not set up for this site');
  });

  it('uses the stand-in an end-to-end test installs instead of the popup', async () => {
    const identity = { idToken: 'header.payload.signature', email: 'lydia@example.org', displayName: 'Lydia', firebaseUid: 'uid-1' };
    window.__steadfastGoogleStub = vi.fn(async () => identity);
    expect(isFirebaseConfigured()).toBe(true);
    await expect(signInWithGooglePopup()).resolves.toEqual(identity);
    expect(window.__steadfastGoogleStub).toHaveBeenCalledTimes(1);
  });
});
