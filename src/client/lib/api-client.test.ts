import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function respondWith(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with cookies and returns the parsed body', async () => {
    const fetchMock = respondWith(Response.json({ id: 7 }));
    await expect(apiRequest('POST', '/api/things', { name: 'x' })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"x"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('raises a non-OK response as "status: body", keeping the server message', async () => {
    respondWith(Response.json({ message: 'That username is already taken' }, { status: 409 }));
    const error = await apiRequest('POST', '/api/admin/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"That username is already taken"}');
    expect((error as ApiError).userMessage('Failed to create admin user')).toBe('That username is already taken');
  });

  it('falls back to the screen’s message when the body is not ours', async () => {
    respondWith(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.userMessage('Please try again later.')).toBe('Please try again later.');
  });
});
