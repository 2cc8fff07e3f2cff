/** The JSON error shape of DECISIONS.md, as the server sends it. */
interface ErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The JSON error shape of DECISIONS.md. */
export function apiError(status: number, message: string, fields?: Record<string, string>, code?: string): Response {
  const body: ErrorBody = { message, ...(code ? { code } : {}), ...(fields ? { fields } : {}) };
  return json(body, status);
}

export const unauthorized = () => apiError(401, 'Please sign in to continue.');

/** A promise the test settles by hand, to observe pending states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Replaces fetch with a route table keyed 'METHOD /path'. A key with a query string matches only that
 * query; a key without one also matches the path with any query (the handler reads request.url). Unknown
 * routes answer 404 like the server. Every request is recorded with its parsed JSON body.
 */
export function mockApi(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const request: RecordedRequest = { method, url, body, headers: new Headers(init.headers), credentials: init.credentials };
    requests.push(request);
    const handler = routes[`${method} ${url}`] ?? (url.includes('?') ? routes[`${method} ${url.slice(0, url.indexOf('?'))}`] : undefined);
    return handler ? handler(request) : apiError(404, 'Not found.');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The recorded requests to one route. */
    calls: (method: string, url: string) => requests.filter((request) => request.method === method && request.url === url),
  };
}
