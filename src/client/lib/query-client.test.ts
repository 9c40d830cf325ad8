import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, queryKeyUrl } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('queryKeyUrl', () => {
  it('adds the key’s parameters to the path as a query string, in key order', () => {
    expect(queryKeyUrl(['/api/admin/valuations', { page: 2, q: 'ford' }])).toBe('/api/admin/valuations?page=2&q=ford');
  });

  it('leaves out undefined and null parameters, repeats arrays and encodes values', () => {
    expect(
      queryKeyUrl(['/api/admin/valuations', { q: 'a&b c', status: ['new', 'seen'], page: undefined, sort: null }]),
    ).toBe('/api/admin/valuations?q=a%26b+c&status=new&status=seen');
  });

  it('keeps a key without parameters as the bare path, and appends to a path that has a query already', () => {
    expect(queryKeyUrl(['/api/auth/user'])).toBe('/api/auth/user');
    expect(queryKeyUrl(['/api/admin/users', {}])).toBe('/api/admin/users');
    expect(queryKeyUrl(['/api/x?a=1', { b: 2 }])).toBe('/api/x?a=1&b=2');
  });
});

describe('the default query function', () => {
  it('fetches the URL built from the whole key, parameters included', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ items: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/admin/valuations', { page: 2, q: 'ford' }] });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/valuations?page=2&q=ford');
  });
});
