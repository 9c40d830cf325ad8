import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { routeErrorKind } from '~/client/components/route-error';
import { serializeAppData } from '~/client/lib/app-data';
import type { PageDataContext, RoutePageData } from '~/client/lib/page-data';
import { documentTitle, resolvePageMeta, resolveStatus, type PageMeta } from '~/client/lib/page-meta';
import { IslandRendererProvider, type IslandRenderer } from '~/client/lib/island';
import { renderIsland as renderIslandWithReact } from '~/client/render-island';
import { SiteConfigProvider } from '~/client/lib/site-config';
import type { IslandName } from '~/client/islands';
import { routes } from '~/client/routes';
import { isAdminPath } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';
import { spriteSymbolsFor } from '~/client/components/sprite-symbols';
import { escapeHtml } from '~/shared/escape-html';

/**
 * Server rendering of public pages, called by src/server/render for every page
 * request. Admin pages are not rendered here: the browser renders them.
 */
export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | {
      type: 'page';
      status: number;
      /** Tags for <head>: title, description, canonical, social cards, robots. */
      head: string;
      /** The rendered app for <div id="root">; empty for client-rendered pages. */
      html: string;
      /** <script type="application/json"> with the hydration data. */
      data: string;
      /** A public page's islands, by name (module path under src/client), in the order they appear. */
      islands: IslandName[];
      /** Which template the page goes in: a public document (islands) or the back office's app. */
      template: 'document' | 'app';
    };

/** A route the path matches, outermost first, with the path's parameters. */
export type PageMatch = { routeId: string; params: Record<string, string | undefined> };

/** The server's results of the page-data loaders of the matched routes, by route id. */
export type PageData = Record<string, RoutePageData>;

/**
 * A page that could not be made (a loader or the rendering threw): the server
 * answers its own static error page and logs `cause`, never showing either.
 */
export class PageFailedError extends Error {
  constructor(
    readonly status: number,
    options: { cause: unknown },
  ) {
    super(`The page failed with status ${status}`, options);
    this.name = 'PageFailedError';
  }
}

/**
 * The renderer for a route table: the app's (below), or a test's with routes
 * of its own.
 */
export function createRenderer(routeTable: RouteObject[]) {
  const handler = createStaticHandler(routeTable);

  /** The public routes a path matches (none for back-office paths, whose data is the browser's business). */
  function matchPage(pathname: string): PageMatch[] {
    if (isAdminPath(pathname)) return [];
    return (matchRoutes(handler.dataRoutes, pathname) ?? []).map((m) => ({ routeId: m.route.id, params: m.params }));
  }

  /**
   * `renderIsland` renders each island's HTML: React's by default (development, tests); the built
   * server gives the Preact build of render-island.tsx, the islands' runtime in the browser.
   */
  async function render(
    request: Request,
    site: SiteConfig,
    pageData: PageData = {},
    renderIsland: IslandRenderer = renderIslandWithReact,
  ): Promise<RenderResult> {
    const url = new URL(request.url);
    if (isAdminPath(url.pathname)) return renderAdminShell(site, url.pathname);

    const requestContext: PageDataContext = { pageData };
    const context = await handler.query(request, { requestContext });
    if (context instanceof Response) {
      return { type: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    if (context.statusCode >= 500) {
      throw new PageFailedError(context.statusCode, { cause: Object.values(context.errors ?? {})[0] });
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    // Public pages are documents: only their islands come to life in the browser, each rendered
    // here as a root of its own so that its first render there matches (src/client/lib/island.tsx).
    const islands: IslandName[] = [];
    const renderAndNoteIsland: IslandRenderer = (island) => {
      if (!islands.includes(island.name)) islands.push(island.name);
      return renderIsland(island);
    };
    const html = renderToString(
      <StrictMode>
        <SiteConfigProvider value={site}>
          <IslandRendererProvider value={renderAndNoteIsland}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </IslandRendererProvider>
        </SiteConfigProvider>
      </StrictMode>,
    );
    return {
      type: 'page',
      status: context.statusCode !== 200 ? context.statusCode : resolveStatus(context.matches.map((m) => m.route)),
      head: headTags(context, site, url.pathname),
      // The symbols of the sprite icons it draws come first, so it fetches no file to draw them.
      html: spriteSymbolsFor(html) + html,
      // The islands' own data travels with each of them; the page hands over only the site's details.
      data: serializeAppData({ site }),
      islands,
      template: 'document',
    };
  }

  /**
   * The back office is rendered by the browser: the server sends the empty shell,
   * with 404 when no back-office route has the path. The route table is matched
   * without loading any back-office code.
   */
  function renderAdminShell(site: SiteConfig, pathname: string): RenderResult {
    const matches = matchRoutes(routeTable, pathname) ?? [];
    const known = matches.some((m) => m.route.path === 'admin');
    return {
      type: 'page',
      status: known ? resolveStatus(matches.map((m) => m.route)) : 404,
      head: [
        `<title>Back office | ${escapeHtml(site.tradingName)}</title>`,
        '<meta name="robots" content="noindex, nofollow" />',
      ].join('\n    '),
      html: '',
      data: serializeAppData({ site }),
      islands: [],
      template: 'app',
    };
  }

  return { render, matchPage };
}

export const { render, matchPage } = createRenderer(routes);

/** The social-card picture (made by scripts/make-icons.mjs into public/). */
const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

function headTags(context: StaticHandlerContext, site: SiteConfig, pathname: string): string {
  const matches = context.matches.map((m) => m.route);
  const meta = context.errors ? errorPageMeta(Object.values(context.errors)[0]) : resolvePageMeta(matches, site);
  const title = escapeHtml(documentTitle(meta, site));
  const canonical = escapeHtml(`${site.publicBaseUrl}${pathname}`);
  const tags = [
    `<title>${title}</title>`,
    meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}" />` : '',
    meta.noindex ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${canonical}" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.tradingName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    meta.description ? `<meta property="og:description" content="${escapeHtml(meta.description)}" />` : '',
    `<meta property="og:type" content="website" />`,
    meta.noindex ? '' : `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta property="og:image" content="${escapeHtml(`${site.publicBaseUrl}${OG_IMAGE.path}`)}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(`${site.tradingName}: sell your car the simple way`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    meta.description ? `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />` : '',
    `<meta name="twitter:image" content="${escapeHtml(`${site.publicBaseUrl}${OG_IMAGE.path}`)}" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** A page that answered with a 4xx is titled by what went wrong, and never indexed. */
function errorPageMeta(error: unknown): PageMeta {
  const kind = routeErrorKind(error);
  return {
    title: kind === 'not-found' ? 'Page Not Found' : kind === 'forbidden' ? 'Not allowed' : 'Error',
    noindex: true,
  };
}
