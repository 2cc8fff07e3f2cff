import type { Auth, AuthProvider as FirebaseAuthProvider, User } from 'firebase/auth';
import { msg } from '@/i18n';

/**
 * Google sign-in through Firebase. The Firebase SDK is large, so it is imported only when someone
 * actually signs in with Google (or signs out after having done so), never in the first bundle.
 */
export const GOOGLE_NOT_CONFIGURED_REASON = msg('Google sign-in is not set up for this site');

interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}

function readSettings(): FirebaseSettings | null {
  const env = import.meta.env;
  const settings = {
    apiKey: env.VITE_FIREBASE_API_KEY?.trim(),
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN?.trim(),
    projectId: env.VITE_FIREBASE_PROJECT_ID?.trim(),
    appId: env.VITE_FIREBASE_APP_ID?.trim(),
  };
  const { apiKey, authDomain, projectId, appId } = settings;
  return apiKey && authDomain && projectId && appId ? { apiKey, authDomain, projectId, appId } : null;
}

const settings = readSettings();

declare global {
  interface Window {
    /**
     * End-to-end tests stand in for Google's popup (which needs Google's servers) with a function that
     * answers an identity whose ID token they signed with their own key; the server verifies that token
     * exactly like a real one, so this changes only where the browser gets a token, never what is trusted.
     */
    __steadfastGoogleStub?: () => Promise<GoogleIdentity>;
  }
}

const googleStub = () => (typeof window === 'undefined' ? undefined : window.__steadfastGoogleStub);

export function isFirebaseConfigured(): boolean {
  return settings !== null || googleStub() !== undefined;
}

/** What POST /api/auth/google receives: the ID token the server verifies, and three informative fields. */
export interface GoogleIdentity {
  idToken: string;
  email: string;
  displayName: string;
  firebaseUid: string;
}

// Set when a Google session may exist in this browser, so sign-out knows to end it without loading the SDK needlessly.
const GOOGLE_SESSION_KEY = 'steadfast.googleSession';
// Set just before a redirect sign-in (the fallback when the popup is blocked); checked on the next load.
const GOOGLE_REDIRECT_KEY = 'steadfast.googleRedirect';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[kind];
  } catch {
    return undefined;
  }
}

type AuthModule = typeof import('firebase/auth');
let loading: Promise<{ auth: Auth; authModule: AuthModule }> | undefined;

function loadAuth() {
  if (!settings) return Promise.reject(new Error(GOOGLE_NOT_CONFIGURED_REASON));
  loading ??= Promise.all([import('firebase/app'), import('firebase/auth')]).then(
    ([{ initializeApp }, authModule]) => ({ auth: authModule.getAuth(initializeApp(settings)), authModule }),
    (error: unknown) => {
      loading = undefined; // a failed download (offline) is retried on the next click
      throw error;
    },
  );
  return loading;
}

/**
 * Starts downloading the SDK ahead of a click: browsers only allow a popup soon after the click,
 * so the click should not have to wait for the download.
 */
export function preloadFirebase(): void {
  if (settings) loadAuth().catch(() => {});
}

async function toIdentity(user: User): Promise<GoogleIdentity> {
  storage('localStorage')?.setItem(GOOGLE_SESSION_KEY, '1');
  return {
    idToken: await user.getIdToken(),
    email: user.email ?? '',
    displayName: user.displayName || user.email || '',
    firebaseUid: user.uid,
  };
}

function googleProvider(authModule: AuthModule): FirebaseAuthProvider {
  const provider = new authModule.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/**
 * Opens the Google popup. Resolves null when the browser blocked the popup and a full-page redirect
 * was started instead (the result is then picked up on the next load).
 */
export async function signInWithGooglePopup(): Promise<GoogleIdentity | null> {
  const stub = googleStub();
  if (stub) return stub();
  const { auth, authModule } = await loadAuth();
  try {
    const credential = await authModule.signInWithPopup(auth, googleProvider(authModule));
    return await toIdentity(credential.user);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/popup-blocked') throw error;
    storage('sessionStorage')?.setItem(GOOGLE_REDIRECT_KEY, '1');
    await authModule.signInWithRedirect(auth, googleProvider(authModule));
    return null;
  }
}

export function hasPendingGoogleRedirect(): boolean {
  return settings !== null && storage('sessionStorage')?.getItem(GOOGLE_REDIRECT_KEY) === '1';
}

/** The user coming back from a redirect sign-in, if any. */
export async function takeGoogleRedirectResult(): Promise<GoogleIdentity | null> {
  storage('sessionStorage')?.removeItem(GOOGLE_REDIRECT_KEY);
  const { auth, authModule } = await loadAuth();
  const result = await authModule.getRedirectResult(auth);
  return result ? toIdentity(result.user) : null;
}

/** Ends the Firebase session when one may exist; the app's own sign-out does not depend on it. */
export async function signOutOfFirebase(): Promise<void> {
  if (!settings || storage('localStorage')?.getItem(GOOGLE_SESSION_KEY) !== '1') return;
  const { auth, authModule } = await loadAuth();
  await authModule.signOut(auth);
  storage('localStorage')?.removeItem(GOOGLE_SESSION_KEY);
}
