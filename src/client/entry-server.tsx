import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { serializeAppData } from '~/client/lib/app-data';
import { documentTitle, resolvePageMeta, resolveStatus } from '~/client/lib/page-meta';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { routes } from '~/client/routes';
import { isAdminPath } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';
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
      /** Ids of the matched lazy routes, used to preload their chunks. */
      routeIds: string[];
    };

const handler = createStaticHandler(routes);

/** The social-card picture (made by scripts/make-icons.mjs into public/). */
const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

export async function render(request: Request, site: SiteConfig): Promise<RenderResult> {
  const url = new URL(request.url);
  if (isAdminPath(url.pathname)) return renderAdminShell(site);

  const context = await handler.query(request);
  if (context instanceof Response) {
    return { type: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <SiteConfigProvider value={site}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteConfigProvider>
    </StrictMode>,
  );
  return {
    type: 'page',
    status: context.statusCode !== 200 ? context.statusCode : resolveStatus(context.matches.map((m) => m.route)),
    head: headTags(context, site, url.pathname),
    html,
    data: serializeAppData({
      site,
      router: { loaderData: context.loaderData, actionData: context.actionData },
    }),
    routeIds: context.matches.map((m) => m.route.id),
  };
}

function headTags(context: StaticHandlerContext, site: SiteConfig, pathname: string): string {
  const matches = context.matches.map((m) => m.route);
  const meta = resolvePageMeta(matches, site);
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

function renderAdminShell(site: SiteConfig): RenderResult {
  return {
    type: 'page',
    status: 200,
    head: [
      `<title>Back office | ${escapeHtml(site.tradingName)}</title>`,
      '<meta name="robots" content="noindex, nofollow" />',
    ].join('\n    '),
    html: '',
    data: serializeAppData({ site }),
    routeIds: [],
  };
}
