import { i18n } from '@/i18n';

/** What the person chose themselves (closing Google's window, or a second click replacing the first): said nothing of. */
const CLOSED_BY_PERSON = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

/**
 * What to tell someone whose Google sign-in window failed, or null when they closed it themselves. A blocked
 * window falls back to a full-page redirect (signInWithGooglePopup); this is for when that is not possible either.
 */
export function googlePopupProblem(error: unknown): string | null {
  const code = (error as { code?: string } | null)?.code ?? '';
  if (CLOSED_BY_PERSON.has(code)) return null;
  if (code === 'auth/popup-blocked') return i18n.t("Your browser blocked Google's sign-in window. Allow pop-ups for this site, then try again.");
  if (code === 'auth/network-request-failed') return i18n.t('Google could not be reached. Check your connection and try again.');
  if (code === 'auth/unauthorized-domain' || code === 'auth/operation-not-allowed') return i18n.t('Google sign-in is not set up for this address yet. Please tell your community leaders.');
  return i18n.t('Google sign-in did not finish. Please try again.');
}
