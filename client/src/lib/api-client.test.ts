import { QueryClient } from '@tanstack/react-query';
import { json, mockApi } from '@/test/api-mock';
import { ApiError, apiRequest, errorMessage, getQueryFn } from './api-client';
import { COMMUNITY_STORAGE_KEY } from './community';

function runQueryFn(on401: 'returnNull' | 'throw', queryKey: readonly unknown[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery({ queryKey, queryFn: getQueryFn({ on401 }) });
}

describe('apiRequest', () => {
  it('sends JSON with credentials and the current community, and a body only when there is data', async () => {
    localStorage.setItem(COMMUNITY_STORAGE_KEY, 'c1');
    const api = mockApi({ 'POST /api/check-name': () => json({ exists: false }), 'POST /api/logout': () => json({}) });

    await apiRequest('POST', '/api/check-name', { displayName: 'Ruth' });
    await apiRequest('POST', '/api/logout');

    const [withBody, withoutBody] = api.requests;
    expect(withBody).toMatchObject({ method: 'POST', credentials: 'include', body: { displayName: 'Ruth' } });
    expect(withBody?.headers.get('Content-Type')).toBe('application/json');
    expect(withBody?.headers.get('X-Community-Id')).toBe('c1');
    expect(withoutBody?.body).toBeUndefined();
    expect(withoutBody?.headers.has('Content-Type')).toBe(false);
  });

  it('sends no X-Community-Id before a community is chosen', async () => {
    const api = mockApi({ 'POST /api/logout': () => json({}) });
    await apiRequest('POST', '/api/logout');
    expect(api.requests[0]?.headers.has('X-Community-Id')).toBe(false);
  });

  it("throws an ApiError '{status}: {body}' carrying the server's message and fields", async () => {
    const body = { message: 'Please check the highlighted fields.', code: 'invalid_input', fields: { email: 'Please enter a valid e-mail address' } };
    mockApi({ 'POST /api/register': () => json(body, 400) });
    const error = await apiRequest('POST', '/api/register', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: `400: ${JSON.stringify(body)}`, serverMessage: body.message, fields: body.fields });
  });

  it('uses the status text when the body is empty', async () => {
    mockApi({ 'GET /api/empty': () => new Response(null, { status: 502, statusText: 'Bad Gateway' }) });
    await expect(apiRequest('GET', '/api/empty')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, then a plain-text body, then the fallback", () => {
    expect(errorMessage(new ApiError(409, 'Conflict', JSON.stringify({ message: 'Taken.' })), 'fallback')).toBe('Taken.');
    expect(errorMessage(new ApiError(401, 'Unauthorized', 'Token expired'), 'fallback')).toBe('Token expired');
    expect(errorMessage(new ApiError(500, 'Internal Server Error', '<html>oops</html>'), 'Authentication failed')).toBe('Authentication failed');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toMatch(/connection/);
  });
});

describe('getQueryFn', () => {
  it('GETs the key parts joined by /', async () => {
    const api = mockApi({ 'GET /api/communities/c1/members': () => json([]) });
    await expect(runQueryFn('throw', ['/api/communities', 'c1', 'members'])).resolves.toEqual([]);
    expect(api.requests[0]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('turns a 401 into null when asked to, and throws it otherwise', async () => {
    mockApi({ 'GET /api/user': () => json({ message: 'Please sign in to continue.' }, 401) });
    await expect(runQueryFn('returnNull', ['/api/user'])).resolves.toBeNull();
    await expect(runQueryFn('throw', ['/api/user'])).rejects.toMatchObject({ status: 401 });
  });
});
