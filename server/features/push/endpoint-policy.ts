/**
 * Issue 24 item 4: a push endpoint must be https: on a host of PUSH_ENDPOINT_HOSTS ('*.' for any subdomain).
 * The list is the only rule: a host in it is allowed whatever its address (tests list 127.0.0.1), and
 * anything else is never contacted, checked when subscribing and again before each send.
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed));
}

export const ENDPOINT_NOT_ALLOWED = 'This push service is not one this server sends to.';
