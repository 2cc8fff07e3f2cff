/**
 * A claim made at sign-up waits for the e-mail link: the page reloads after it, so what the member was told to
 * expect is kept for this browser session, and the e-mail banner says the history arrives with the link.
 */
const claimSentKey = (userId: string) => `steadfast.claim-sent.${userId}`;

export function rememberClaimSent(userId: string): void {
  try {
    sessionStorage.setItem(claimSentKey(userId), '1');
  } catch {
    // Storage refused (a private window): the banner's general words still say the history comes with the link.
  }
}

export function claimWasSent(userId: string): boolean {
  try {
    return sessionStorage.getItem(claimSentKey(userId)) === '1';
  } catch {
    return false;
  }
}
