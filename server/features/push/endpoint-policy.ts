import { apiMessage } from '@shared/domain/messages';
/**
 * Issue 24 item 4 and issue 38 item 3: a push endpoint is parsed once, with WHATWG `URL`, and what is stored
 * and handed to the push library is that parse's normalised `href`. It must be `https:` without user info, on
 * a host of PUSH_ENDPOINT_HOSTS ('*.' for any subdomain), on port 443 unless the allowlist entry names the port
 * ('host:port'). The list is the only rule: a host in it is allowed whatever its address (tests list
 * 127.0.0.1 with their port), and anything else is never contacted, checked when subscribing and again before
 * each send.
 *
 * Why the normalised form: `https:fcm.googleapis.com/x` is a valid WHATWG URL for that host, but web-push
 * reads endpoints with Node's legacy `url.parse`, which finds no host in it and connects to 127.0.0.1:443.
 */
export function normalisedPushEndpoint(endpoint: string, hosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  // URL leaves the port empty for the scheme's default (443).
  const port = url.port === '' ? 443 : Number(url.port);
  const allowed = hosts.some((entry) => {
    const { pattern, port: allowedPort } = parseHostEntry(entry);
    if (port !== allowedPort) return false;
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;
  });
  return allowed ? url.href : null;
}

/** An allowlist entry: `host`, `*.suffix`, either with `:port` (else 443). */
export function parseHostEntry(entry: string): { pattern: string; port: number } {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase())!;
  return { pattern: match[1]!, port: match[2] ? Number(match[2]) : 443 };
}

/** Whether an allowlist entry is well formed: a host name or IPv4 address, optionally `*.` before it and `:port` after. */
export const isWellFormedHostEntry = (entry: string) => {
  const match = /^(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?$/.exec(entry);
  return match !== null && (match[3] === undefined || (Number(match[3]) >= 1 && Number(match[3]) <= 65535));
};

export const ENDPOINT_NOT_ALLOWED = apiMessage('This push service is not one this server sends to.');
