import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { DEFAULT_PROMOTION } from '~/shared/promotion';
import type { SiteConfig } from '~/shared/site-config';
import { RELOAD_MARK_KEY, reloadOnceForNewVersion } from '~/client/lib/new-version';
import { RootErrorBoundary, routeErrorKind } from './route-error';

const site: SiteConfig = {
  tradingName: 'Test Motors',
  address: { lines: ['Louth'], postcode: 'LN11 0LQ' },
  openingHours: [],
  promotion: { ...DEFAULT_PROMOTION, phase: 'ended' },
  publicBaseUrl: 'https://www.test.invalid',
  demo: false,
  callRecording: false,
};

/** Renders a route whose loader throws `thrown`, under the root boundary. */
async function renderFailing(thrown: unknown) {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      ErrorBoundary: RootErrorBoundary,
      loader: () => {
        throw thrown;
      },
      Component: () => <p>never</p>,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('https://www.test.invalid/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToString(
    <SiteConfigProvider value={site}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </SiteConfigProvider>,
  ).replace(/<!-- -->/g, '');
}

describe('route error boundaries', () => {
  it('a failure shows the brand, a plain sentence and a way home, never the message or the stack', async () => {
    const error = new Error('database password is hunter2');
    const html = await renderFailing(error);
    expect(html).toContain('Test Motors');
    expect(html).toContain('Sorry, something went wrong');
    expect(html).toContain('We couldn&#x27;t show this page because of a problem on our side.');
    expect(html).toContain('href="/"');
    expect(html).not.toContain('hunter2');
    expect(html).not.toContain('Unexpected Application Error');
    expect(html).not.toContain(error.stack!.split('\n')[1]!.trim());
  });

  it('says "Page Not Found" for a 404 and explains a 403', async () => {
    expect(await renderFailing(data(null, { status: 404 }))).toContain('Page Not Found');
    expect(await renderFailing(data('secret reason', { status: 403 }))).toContain('You cannot see this page');
    expect(await renderFailing(data('secret reason', { status: 403 }))).not.toContain('secret reason');
  });

  it('tells a failed code chunk (a deploy since the page loaded) from other failures', () => {
    const chromium = new TypeError('Failed to fetch dynamically imported module: https://x/assets/about-page-1.js');
    const safari = new TypeError('Importing a module script failed.');
    const firefox = new TypeError('error loading dynamically imported module: https://x/assets/a.js');
    for (const error of [chromium, safari, firefox]) expect(routeErrorKind(error)).toBe('outdated');
    expect(routeErrorKind(new Error('boom'))).toBe('server');
    expect(routeErrorKind('a string')).toBe('server');
  });
});

describe('reloading once for a new version', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it('reloads the first time, then not again within a minute (no reload loop), then again later', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForNewVersion(storage, reload, 1_000_000)).toBe(true);
    expect(storage.getItem(RELOAD_MARK_KEY)).toBe('1000000');
    expect(reloadOnceForNewVersion(storage, reload, 1_000_000 + 5_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForNewVersion(storage, reload, 1_000_000 + 61_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when storage is missing or refuses, since nothing could stop a loop', () => {
    const reload = vi.fn();
    expect(reloadOnceForNewVersion(undefined, reload)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnceForNewVersion(refusing, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
