import { QueryObserver } from '@tanstack/react-query';
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

describe('invalidating', () => {
  /** A query on screen whose answers the test gives by hand; `answers[n]` resolves the n-th fetch. */
  function watched(client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) {
    const answers: ((rows: string[]) => void)[] = [];
    const observer = new QueryObserver<string[]>(client, {
      queryKey: key,
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    });
    return { answers, unsubscribe: observer.subscribe(() => {}) };
  }

  it('asks again for a query whose first answer was on its way during the change, and keeps the new answer', async () => {
    const client = createQueryClient();
    const key = ['/api/valuations/active', { page: 1, q: 'quill' }];
    const { answers, unsubscribe } = watched(client, key);
    expect(answers).toHaveLength(1); // asked for before the change

    const invalidated = client.invalidateQueries({ queryKey: ['/api/valuations/active'] });
    answers[0]!(['the archived request']); // arrives after the change: out of date
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!([]);
    await invalidated;
    expect(client.getQueryData(key)).toEqual([]);
    unsubscribe();
  });

  it('asks again for a query that had data and was fetching, and leaves other queries’ fetches alone', async () => {
    const client = createQueryClient();
    const list = watched(client, ['/api/admin/reviews']);
    list.answers[0]!(['before']);
    await vi.waitFor(() => expect(client.getQueryData(['/api/admin/reviews'])).toEqual(['before']));
    const other = watched(client, ['/api/admin/users']);
    void client.refetchQueries({ queryKey: ['/api/admin/reviews'] });
    expect(list.answers).toHaveLength(2);

    const invalidated = client.invalidateQueries({ queryKey: ['/api/admin/reviews'] });
    await vi.waitFor(() => expect(list.answers).toHaveLength(3));
    list.answers[2]!(['after']);
    await invalidated;
    expect(client.getQueryData(['/api/admin/reviews'])).toEqual(['after']);
    // The other query's fetch was not cancelled: its answer still lands.
    other.answers[0]!(['staff']);
    await vi.waitFor(() => expect(client.getQueryData(['/api/admin/users'])).toEqual(['staff']));
    list.unsubscribe();
    other.unsubscribe();
  });
});
