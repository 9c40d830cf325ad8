import { readFileSync } from 'node:fs';
import { useLoaderData, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RootLayout } from '~/client/components/root-layout';
import { PublicErrorBoundary, RootErrorBoundary } from '~/client/components/route-error';
import { createRenderer } from '~/client/entry-server';
import { serverDataLoader } from '~/client/lib/page-data';
import { AppError } from '~/server/http/app-error';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createPageDataRegistry, type PageDataLoaderContext } from './page-data';
import type { EntryServer, RenderSource } from './page-routes';

const template = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');

/** The real renderer of the app, over a route table (the app's own by default). */
function renderSource(entry: EntryServer | (() => Promise<EntryServer>)): RenderSource {
  return {
    template: async () => template,
    entry: typeof entry === 'function' ? entry : async () => entry,
  };
}

const appPages = () => renderSource(() => import('~/client/entry-server'));

function Probe() {
  const data = useLoaderData() as { message: string; id: string };
  return (
    <p>
      Probe {data.id}: {data.message}
    </p>
  );
}

/** The public layout with a page whose data comes from the server, and one whose loader throws. */
const testRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        id: 'components/public-layout',
        lazy: () => import('~/client/components/public-layout'),
        ErrorBoundary: PublicErrorBoundary,
        children: [
          { path: 'probe/:id', id: 'test/probe', loader: serverDataLoader('test/probe'), Component: Probe },
          {
            path: 'broken-loader',
            id: 'test/broken-loader',
            loader: () => {
              throw new Error('loader secret detail');
            },
            Component: () => null,
          },
          {
            path: 'broken-render',
            id: 'test/broken-render',
            Component: () => {
              throw new Error('render secret detail');
            },
          },
          {
            path: '*',
            id: 'features/public/not-found/not-found-page',
            lazy: () => import('~/client/features/public/not-found/not-found-page'),
          },
        ],
      },
    ],
  },
];

const appDataBlock = (html: string) =>
  /<script id="app-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('page routes: status and headers', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('public pages are no-cache without X-Robots-Tag; back-office pages no-store and noindex', async () => {
    t = await createTestApp('pglite', { deps: { renderSource: appPages() } });
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['x-robots-tag']).toBeUndefined();
    const notFound = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['cache-control']).toBe('no-cache');
    for (const url of ['/admin', '/admin/login', '/admin/users', '/admin/valuations/12']) {
      const admin = await t.app.inject({ method: 'GET', url });
      expect(admin.statusCode, url).toBe(200);
      expect(admin.headers['cache-control'], url).toBe('no-store');
      expect(admin.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('a public page holds the symbols of every sprite icon it draws, once, and no others', async () => {
    t = await createTestApp('pglite', { deps: { renderSource: appPages() } });
    for (const url of ['/', '/reviews', '/about', '/no-such-page']) {
      const { body } = await t.app.inject({ method: 'GET', url });
      const drawn = new Set([...body.matchAll(/<use href="#(icon-[a-z-]+)"/g)].map((m) => m[1]));
      const held = [...body.matchAll(/<symbol id="(icon-[a-z-]+)"/g)].map((m) => m[1]);
      expect(drawn.size, url).toBeGreaterThan(0); // the header's menu button at least
      expect([...held].sort(), url).toEqual([...drawn].sort());
    }
  });

  it('an unknown back-office path is a 404, still no-store and noindex, without server-rendering admin code', async () => {
    t = await createTestApp('pglite', { deps: { renderSource: appPages() } });
    for (const url of ['/admin/no-such-page', '/admin/users/extra', '/admin/login/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(response.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('back-office paths are case-sensitive: /Admin/users and /ADMIN are unknown public pages', async () => {
    t = await createTestApp('pglite', { deps: { renderSource: appPages() } });
    for (const url of ['/Admin/users', '/ADMIN', '/Admin']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
      expect(response.body, url).toContain('Page Not Found');
      expect(response.body, url).toContain('Skip to main content');
    }
  });

  it('a registration sent as typed by a plain form is redirected once to the address the woken box sends', async () => {
    t = await createTestApp('pglite', { deps: { renderSource: appPages() } });
    const cases = [
      ['/valuation?registration=', '/valuation'],
      ['/valuation?registration=+++', '/valuation'],
      ['/valuation?registration=+ab12++cde+&utm_source=flyer', '/valuation?registration=AB12+CDE&utm_source=flyer'],
    ] as const;
    for (const [url, location] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(location);
    }
    for (const url of ['/valuation?registration=AB12+CDE', '/valuation?registration=AB12%20CDE', '/valuation']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('a page address refused as bad input answers a readable page, not JSON; an API path stays JSON', async () => {
    t = await createTestApp('pglite', {
      env: { SITE_TRADING_NAME: 'Wolds Motors' },
      deps: { renderSource: appPages() },
    });
    const page = await t.app.inject({ method: 'GET', url: '/about?ref=%00' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('We couldn&#39;t open that address');
    expect(page.body).toContain('Wolds Motors');
    const reference = page.body.match(/<code[^>]*>([0-9a-f-]{36})<\/code>/)?.[1];
    expect(t.logs.text()).toContain(`"reqId":"${reference}"`);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope?ref=%00' });
    expect(api.headers['content-type']).toContain('application/json');
  });
});

describe('page routes: a page that fails', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const expectErrorPage = (response: Awaited<ReturnType<TestApp['app']['inject']>>, secret: string) => {
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('CarBuy Direct');
    expect(response.body).toContain('Sorry, something went wrong');
    expect(response.body).toContain('<a href="/"');
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/at .*\.(ts|tsx|js):\d+/);
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('Unexpected Application Error');
  };

  const loggedFailure = (t: TestApp) =>
    t.logs.lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'page failed');

  it('answers the static error page with the request id as reference when rendering throws; the log has the error', async () => {
    t = await createTestApp('pglite', {
      deps: {
        renderSource: renderSource({
          render: async () => {
            throw new Error('render source secret detail');
          },
        }),
      },
    });
    const response = await t.app.inject({ method: 'GET', url: '/about' });
    expectErrorPage(response, 'render source secret detail');
    const logged = loggedFailure(t);
    expect(response.body).toContain(`please quote this reference: <code`);
    expect(response.body).toContain(`>${logged.reqId}</code>`);
    expect(logged.err.stack).toContain('render source secret detail');
  });

  it('does the same when a route loader throws, when a component throws, and in the trading name configured', async () => {
    t = await createTestApp('pglite', {
      env: { SITE_TRADING_NAME: 'Wolds Motors' },
      deps: { renderSource: renderSource(createRenderer(testRoutes)) },
    });
    for (const [url, secret] of [
      ['/broken-loader', 'loader secret detail'],
      ['/broken-render', 'render secret detail'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.body).toContain('Wolds Motors');
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toMatch(/at .*\.(ts|tsx|js):\d+/);
      const logged = t.logs.lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'page failed');
      expect(JSON.stringify(logged.at(-1))).toContain(secret);
      expect(response.body).toContain(`>${logged.at(-1).reqId}</code>`);
    }
  });

  it('answers the error page when a page-data loader fails, with admin headers on admin paths', async () => {
    const pageData = createPageDataRegistry();
    pageData.register('test/probe', async () => {
      throw new Error('page data secret detail');
    });
    t = await createTestApp('pglite', {
      deps: { renderSource: renderSource(createRenderer(testRoutes)), pageData },
    });
    const response = await t.app.inject({ method: 'GET', url: '/probe/1' });
    expectErrorPage(response, 'page data secret detail');
    const api = await t.app.inject({ method: 'GET', url: '/api/page-data?path=/probe/1' });
    expect(api.statusCode).toBe(500);
    expect(api.body).not.toContain('page data secret detail');
  });
});

describe('page routes: server data for public pages', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function withProbe() {
    const seen: Array<Omit<PageDataLoaderContext, 'db'> & { hasDb: boolean }> = [];
    const pageData = createPageDataRegistry();
    pageData.register('test/probe', async ({ db, ...context }) => {
      seen.push({ ...context, hasDb: typeof db.select === 'function' });
      if (context.params.id === 'missing') throw new AppError('NOT_FOUND', 'No such probe');
      return { data: { id: context.params.id!, message: 'marker-7f3a from the server' }, version: 'v42' };
    });
    t = await createTestApp('pglite', {
      env: { SITE_TRADING_NAME: 'Wolds Motors' },
      deps: { renderSource: renderSource(createRenderer(testRoutes)), pageData },
    });
    return seen;
  }

  it('renders the data into the page, and leaves it out of the JSON block (a document: islands carry their own)', async () => {
    const seen = await withProbe();
    const response = await t.app.inject({ method: 'GET', url: '/probe/12?sort=new' });
    expect(response.statusCode).toBe(200);
    const html = response.body.replace(/<!-- -->/g, '');
    expect(html).toContain('<p>Probe 12: marker-7f3a from the server</p>');
    const data = appDataBlock(response.body);
    expect(occurrences(data, 'marker-7f3a')).toBe(0);
    expect(Object.keys(JSON.parse(data) as object)).toEqual(['site']);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.params).toEqual({ id: '12' });
    expect(seen[0]!.url.pathname).toBe('/probe/12');
    expect(seen[0]!.url.searchParams.get('sort')).toBe('new');
    expect(seen[0]!.site.tradingName).toBe('Wolds Motors');
    expect(seen[0]!.clock()).toBeInstanceOf(Date);
    expect(seen[0]!.hasDb).toBe(true);
  });

  it('GET /api/page-data gives the same data and its version, for navigation in the browser', async () => {
    await withProbe();
    const response = await t.app.inject({ method: 'GET', url: '/api/page-data?path=%2Fprobe%2F12' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      routes: { 'test/probe': { version: 'v42', data: { id: '12', message: 'marker-7f3a from the server' } } },
    });
    const none = await t.app.inject({ method: 'GET', url: '/api/page-data?path=/no-such-page' });
    expect(none.json()).toEqual({ routes: {} });
  });

  it('a loader that says "not found" makes the page a 404 with the not-found message, and the endpoint a 404', async () => {
    await withProbe();
    const page = await t.app.inject({ method: 'GET', url: '/probe/missing' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page Not Found');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    const api = await t.app.inject({ method: 'GET', url: '/api/page-data?path=/probe/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No such probe', code: 'NOT_FOUND' });
  });

  it('the endpoint refuses back-office paths and paths that do not start with /', async () => {
    await withProbe();
    const admin = await t.app.inject({ method: 'GET', url: '/api/page-data?path=/admin/users' });
    expect(admin.statusCode).toBe(404);
    const relative = await t.app.inject({ method: 'GET', url: '/api/page-data?path=probe/1' });
    expect(relative.statusCode).toBe(400);
    const otherHost = await t.app.inject({ method: 'GET', url: '/api/page-data?path=//evil.example/probe/1' });
    expect(otherHost.json()).toEqual({ routes: {} });
  });
});
