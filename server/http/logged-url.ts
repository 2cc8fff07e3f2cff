/** Path segments after which the next one is a token (an e-mail link's), whatever it looks like. */
const TOKEN_PATHS = new Set(['unsubscribe', 'verify-email', 'reset-password']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A run of base64url, base64 or hex characters long enough to be a secret. */
const LONG_RUN = /[A-Za-z0-9_\-+=.~%]{16,}/g;

/**
 * Whether a path segment looks like a secret: after leaving out UUIDs (ids are not secrets), a run of 16 or
 * more base64url, base64 or hex characters holding both letters and digits (a random token does; a route's
 * words such as `notification-preferences` do not), or of 32 or more whatever they hold.
 */
function looksLikeToken(segment: string): boolean {
  for (const [run] of segment.replace(UUID, '/').matchAll(LONG_RUN)) {
    if (run.length >= 32 || (/[0-9]/.test(run) && /[A-Za-z]/.test(run))) return true;
  }
  return false;
}

/**
 * The request's URL as the access log records it (DECISIONS.md "Mail": no URL in a log line keeps a token):
 * the path only, `?…` where a query was (an unsubscribe link's token, a search someone typed, a reset or
 * verification token), and `[token]` for each path segment that is one (the one after /unsubscribe,
 * /verify-email or /reset-password, or any that looks like a secret).
 */
export function loggedUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  const logged = segments.map((segment, index) => {
    const after = index > 0 ? segments[index - 1]!.toLowerCase() : '';
    return segment !== '' && (TOKEN_PATHS.has(after) || looksLikeToken(segment)) ? '[token]' : segment;
  });
  return `${logged.join('/')}${queryAt === -1 ? '' : '?…'}`;
}
