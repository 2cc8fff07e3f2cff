import type { QueryFunction } from '@tanstack/react-query';
import { isLocale } from '@shared/domain/locales';
import { i18n, msg, translateMessage } from '@/i18n';
import { getStoredCommunityId } from './community';

/**
 * A non-OK response. `message` follows SPEC.md section 8 ("401: {body text}"); `serverMessage` and
 * `fields` are the parsed JSON error shape of DECISIONS.md, for toasts and form fields.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  readonly serverMessage?: string;
  readonly code?: string;
  readonly fields?: Record<string, string>;

  /** The community the failed call was about (its path's, else the X-Community-Id it sent), when it named one. */
  readonly communityId?: string;

  constructor(status: number, statusText: string, bodyText: string, communityId?: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.communityId = communityId;
    const body = parseErrorBody(bodyText);
    this.serverMessage = body?.message;
    this.code = body?.code;
    this.fields = body?.fields;
  }
}

function parseErrorBody(text: string): { message?: string; code?: string; fields?: Record<string, string> } | undefined {
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (!body || typeof body !== 'object') return undefined;
    const { message, code, fields } = body as Record<string, unknown>;
    return {
      message: typeof message === 'string' && message ? message : undefined,
      code: typeof code === 'string' ? code : undefined,
      fields: fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
    };
  } catch {
    return undefined;
  }
}

/** The ApiError behind `error`, also when another error wraps it as its cause (e.g. 'Failed to fetch daily log'). */
export function findApiError(error: unknown): ApiError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) if (current instanceof ApiError) return current;
  return undefined;
}

const COMMUNITY_PATH = /^\/api\/communities\/([0-9a-f-]{36})(\/|\?|$)/i;

/** The community a call is about: the id in its path, else the community header it sends. */
function communityOfRequest(url: string, headers: Record<string, string>): string | undefined {
  return (COMMUNITY_PATH.exec(url)?.[1] ?? headers['X-Community-Id'])?.toLowerCase();
}

export async function throwIfNotOk(res: Response, communityId?: string): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text, communityId);
}

function requestHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const communityId = getStoredCommunityId();
  if (communityId) headers['X-Community-Id'] = communityId;
  // The language shown (the browser's own, or the one picked on the sign-in page): the server's last resort for a
  // member who chose none, so signing up from a page shown in Korean keeps Korean (features/auth/locale.ts).
  if (isLocale(i18n.locale)) headers['Accept-Language'] = i18n.locale;
  return headers;
}

/** Every call: cookies included, JSON body only when there is a payload, the current community in a header. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const headers = requestHeaders(hasBody);
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(data) : undefined,
  });
  await throwIfNotOk(res, communityOfRequest(url, headers));
  return res;
}

/** apiRequest plus the parsed JSON answer. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

/** A GET answer with its headers (e.g. X-Unread-Count); `data` is undefined for a 304 Not Modified. */
export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  data: T | undefined;
}

/**
 * A GET whose headers matter, as apiRequest sends it (cookies, the community header unless `community` is
 * false): 200 answers its parsed JSON, 304 (after an If-None-Match in `headers`) none, anything else throws.
 */
export async function apiGetWithHeaders<T>(
  url: string,
  { headers: extra = {}, signal, community = true }: { headers?: Record<string, string>; signal?: AbortSignal; community?: boolean } = {},
): Promise<ApiAnswer<T>> {
  const headers = { ...requestHeaders(false), ...extra };
  if (!community) delete headers['X-Community-Id'];
  const res = await fetch(url, { credentials: 'include', headers, signal });
  if (res.status === 304) return { status: 304, headers: res.headers, data: undefined };
  await throwIfNotOk(res, communityOfRequest(url, headers));
  return { status: res.status, headers: res.headers, data: (await res.json()) as T };
}

const NETWORK_MESSAGE = msg('Could not reach Steadfast. Check your connection and try again.');

/**
 * The text a toast shows for a failure: the server's message when there is one (in the reader's language when the
 * catalogues hold it), else the fallback (which the caller has translated).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return translateMessage(error.serverMessage);
    const text = error.bodyText.trim();
    // A plain-text body (not JSON, not an HTML error page) is the message itself.
    if (text && text.length <= 300 && !text.startsWith('<') && !text.startsWith('{')) return text;
    return fallback;
  }
  if (error instanceof TypeError) return i18n.t(NETWORK_MESSAGE); // fetch rejects with a TypeError when offline
  return fallback;
}

/** The server's per-field messages of a failed call, if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data fetch of SPEC.md section 7: GET of the key parts joined by '/' (with `?search` when given). */
export function getQueryFn<T>({ on401, search }: { on401: UnauthorizedBehavior; search?: string }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
    const url = search ? `${path}?${search}` : path;
    const headers = requestHeaders(false);
    const res = await fetch(url, { credentials: 'include', headers, signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res, communityOfRequest(url, headers));
    return (await res.json()) as T;
  };
}
