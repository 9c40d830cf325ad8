import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ENDPOINT, serverDataLoader, type PageDataContext } from './page-data';

afterEach(() => vi.unstubAllGlobals());

const respondWith = (make: () => Response) => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => make());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const args = (url: string, context?: unknown) =>
  ({ request: new Request(url), params: {}, context }) as Parameters<ReturnType<typeof serverDataLoader>>[0];

describe('serverDataLoader', () => {
  it('on the server, returns what the server collected, without fetching', async () => {
    const fetchMock = respondWith(() => Response.json({}));
    const context: PageDataContext = { pageData: { 'features/x': { data: { n: 1 } } } };
    await expect(serverDataLoader('features/x')(args('https://s.test/x', context))).resolves.toEqual({ n: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('in the browser, asks the page-data endpoint once per navigation, with the path and query', async () => {
    const fetchMock = respondWith(() =>
      Response.json({ routes: { 'a/layout': { version: 1, data: 'L' }, 'a/page': { version: 2, data: 'P' } } }),
    );
    const [layout, page] = await Promise.all([
      serverDataLoader('a/layout')(args('https://s.test/reviews?page=2')),
      serverDataLoader('a/page')(args('https://s.test/reviews?page=2')),
    ]);
    expect([layout, page]).toEqual(['L', 'P']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(`${PAGE_DATA_ENDPOINT}?path=%2Freviews%3Fpage%3D2`);
  });

  it('turns a 404 from the endpoint into a 404 for the route boundary', async () => {
    respondWith(() => Response.json({ message: 'No such vehicle' }, { status: 404 }));
    const thrown = await Promise.resolve(serverDataLoader('v')(args('https://s.test/v/9'))).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it('does not fetch again when the router hydrates from the server’s data', async () => {
    const fetchMock = respondWith(() => Response.json({ routes: {} }));
    const routes: RouteObject[] = [{ id: 'p', path: '/p', loader: serverDataLoader('p'), Component: () => null }];
    const router = createMemoryRouter(routes, {
      initialEntries: ['/p'],
      hydrationData: { loaderData: { p: { from: 'server' } } },
    });
    await Promise.resolve();
    expect(router.state.initialized).toBe(true);
    expect(router.state.loaderData).toEqual({ p: { from: 'server' } });
    expect(fetchMock).not.toHaveBeenCalled();
    router.dispose();
  });
});
