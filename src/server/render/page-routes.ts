import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PageData, PageMatch, RenderResult } from '~/client/entry-server';
import { PAGE_DATA_ENDPOINT } from '~/client/lib/page-data';
import type { Clock } from '~/server/auth/sessions';
import type { Db } from '~/server/db/client';
import { DEFAULT_TRADING_NAME } from '~/server/features/site/site-config';
import { AppError } from '~/server/http/app-error';
import { isAdminPath } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';
import { apiErrorSchema } from '~/shared/api-error';
import { badRequestPage, serverErrorPage } from './error-page';
import { collectPageData, type PageDataRegistry } from './page-data';

/** What the server-rendering bundle (src/client/entry-server.tsx) offers the server. */
export type EntryServer = {
  render(request: Request, site: SiteConfig, pageData?: PageData): Promise<RenderResult>;
  /** The routes a path matches, for their page data (stand-in renderers in tests may leave it out). */
  matchPage?(pathname: string): PageMatch[];
};

/**
 * Where the page renderer gets its pieces: the built files in production
 * (production-source.ts) or Vite's dev server (set up in src/server/dev.ts).
 */
export type RenderSource = {
  template(url: string): Promise<string>;
  entry(): Promise<EntryServer>;
  /** <link> tags that preload the chunks and styles of the matched routes. */
  preloadTags(routeIds: string[]): string;
  /** Called when rendering throws, so Vite can fix up stack traces in development. */
  onError?(error: Error): void;
};

const NOT_PAGES = /^\/(api|uploads)(\/|$)/;

/**
 * Public pages may be revalidated by caches but must be asked for each time (the
 * promotion changes by the day); back-office pages are never stored.
 */
const PUBLIC_PAGE_CACHE = 'no-cache';
const ADMIN_PAGE_CACHE = 'no-store';

function fillTemplate(template: string, page: Extract<RenderResult, { type: 'page' }>, preload: string) {
  return template
    .replace('<!--app-head-->', [page.head, preload].filter(Boolean).join('\n    '))
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => page.data);
}

const pageDataQuerySchema = z.object({
  path: z.string().min(1).max(2048).startsWith('/', 'The path must start with /'),
});

const pageDataResponseSchema = z.object({
  routes: z.record(z.string(), z.object({ version: z.union([z.string(), z.number()]), data: z.unknown() })),
});

export type PageRoutesOptions = {
  source: RenderSource;
  siteAt: (now: Date) => SiteConfig;
  clock: Clock;
  db: Db;
  pageData: PageDataRegistry;
};

/**
 * Every GET that is not the API, an upload or a static file renders a page; and
 * GET /api/page-data gives the browser the same server data for the pages it
 * moves to (docs/decisions/002-page-data.md).
 */
export function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions) {
  const { source, siteAt, clock, db, pageData } = options;

  /**
   * The site's address for a request path, on the site's own origin whatever the
   * path holds (`//host/x` stays a path here, an unknown page).
   */
  const siteUrl = (path: string, site: SiteConfig) => new URL(`${new URL(site.publicBaseUrl).origin}${path}`);

  /**
   * The page data of a path's routes. With no loader registered there is nothing to collect, so
   * the routes are not matched (the renderer matches them once more anyway).
   */
  const dataFor = (entry: EntryServer, url: URL, site: SiteConfig) =>
    collectPageData(pageData, pageData.isEmpty() ? [] : (entry.matchPage?.(url.pathname) ?? []), {
      db,
      clock,
      site,
      url,
    });

  app.get('/*', { config: { access: 'public' }, errorHandler: refusedPageHandler }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (NOT_PAGES.test(pathname)) throw new AppError('NOT_FOUND', `No such endpoint: GET ${pathname}`);
    const admin = isAdminPath(pathname);
    reply.header('Cache-Control', admin ? ADMIN_PAGE_CACHE : PUBLIC_PAGE_CACHE);
    if (admin) reply.header('X-Robots-Tag', 'noindex, nofollow');
    let site: SiteConfig | undefined;
    try {
      site = siteAt(clock());
      const url = siteUrl(request.url, site);
      const [template, entry] = await Promise.all([source.template(request.url), source.entry()]);
      const collected = await dataFor(entry, url, site);
      const result = await entry.render(new Request(url, { method: 'GET' }), site, collected.pageData);
      if (result.type === 'redirect') return reply.redirect(result.location, result.status);
      const html = fillTemplate(template, result, source.preloadTags(result.routeIds));
      return reply.status(result.status).type('text/html; charset=utf-8').send(html);
    } catch (error) {
      return sendServerErrorPage(request, reply, error, site?.tradingName);
    }
  });

  /**
   * A page request refused before rendering (the request-safety check's 400 for a NUL in the query,
   * say) gets a page a person can read, not the API's JSON. Anything else, and every path under
   * /api, goes on to the app's error handler.
   */
  function refusedPageHandler(error: Error, request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0]!;
    if (!(error instanceof AppError) || error.statusCode >= 500 || NOT_PAGES.test(pathname)) throw error;
    request.log.info({ code: error.code, detail: error.options.detail }, `page request refused: ${error.code}`);
    return reply
      .status(error.statusCode)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        badRequestPage({ tradingName: siteAt(clock()).tradingName, reference: request.id, status: error.statusCode }),
      );
  }

  /** Any failure while making a page: logged with the request id, answered with the static error page. */
  function sendServerErrorPage(request: FastifyRequest, reply: FastifyReply, error: unknown, tradingName?: string) {
    if (error instanceof Error) source.onError?.(error);
    request.log.error({ err: error }, 'page failed');
    return reply
      .status(500)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(serverErrorPage({ tradingName: tradingName ?? DEFAULT_TRADING_NAME, reference: request.id }));
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    PAGE_DATA_ENDPOINT,
    {
      config: { access: 'public' },
      schema: {
        querystring: pageDataQuerySchema,
        response: { 200: pageDataResponseSchema, '4xx': apiErrorSchema },
      },
    },
    async (request, reply) => {
      const site = siteAt(clock());
      const url = siteUrl(request.query.path, site);
      if (isAdminPath(url.pathname)) throw new AppError('NOT_FOUND', 'No public page has this address');
      const entry = await source.entry();
      const collected = await dataFor(entry, url, site);
      const [refusal] = Object.values(collected.refusals);
      if (refusal) throw refusal;
      const routes = Object.fromEntries(
        Object.entries(collected.pageData).map(([routeId, answer]) => [
          routeId,
          { version: collected.versions[routeId]!, data: 'data' in answer ? answer.data : null },
        ]),
      );
      reply.header('Cache-Control', PUBLIC_PAGE_CACHE);
      return { routes };
    },
  );
}
