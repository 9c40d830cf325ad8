import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PageData, PageMatch, RenderResult } from '~/client/entry-server';
import type { IslandRenderer } from '~/client/lib/island';
import { PAGE_DATA_ENDPOINT } from '~/client/lib/page-data';
import type { Clock } from '~/server/auth/sessions';
import type { Db } from '~/server/db/client';
import { DEFAULT_TRADING_NAME } from '~/server/features/site/site-config';
import { AppError } from '~/server/http/app-error';
import { isAdminPath, isPrivatePagePath } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';
import { apiErrorSchema } from '~/shared/api-error';
import type { ContentChanges } from './content-changes';
import type { PageStyles } from './critical-css';
import { badRequestPage, refusedFormPage, serverErrorPage } from './error-page';
import {
  compressPage,
  createPageCache,
  ifNoneMatchHits,
  negotiateEncoding,
  pageEtag,
  type CachedPage,
  type PageCache,
} from './page-cache';
import { pathVerdict } from './canonical-path';
import { pageCacheKey, sameVersions } from './page-cache-key';
import { collectPageData, type PageDataRegistry } from './page-data';
import { formFields, PAGE_FORM_BODY_LIMIT, type FormFields, type PageForm, type PageFormRegistry } from './page-forms';
import { sendMethodNotAllowed } from '~/server/http/method-not-allowed';

/** What the server-rendering bundle (src/client/entry-server.tsx) offers the server. */
export type EntryServer = {
  render(request: Request, site: SiteConfig, pageData?: PageData, renderIsland?: IslandRenderer): Promise<RenderResult>;
  /** The routes a path matches, for their page data (stand-in renderers in tests may leave it out). */
  matchPage?(pathname: string): PageMatch[];
};

/**
 * Where the page renderer gets its pieces: the built files in production
 * (production-source.ts) or Vite's dev server (set up in src/server/dev.ts).
 */
export type RenderSource = {
  /** The HTML frame: public pages are documents with islands, the back office an app (index.html). */
  template(url: string, kind: 'document' | 'app'): Promise<string>;
  entry(): Promise<EntryServer>;
  /** Called when rendering throws, so Vite can fix up stack traces in development. */
  onError?(error: Error): void;
  /**
   * True when the same request always renders the same bytes until the data changes (the built
   * files): public pages are then kept (page-cache.ts). Development's source changes under it.
   */
  cacheable?: boolean;
  /** CSP hashes ('sha256-…') of the <style> blocks the templates carry inline. */
  inlineStyleHashes?: string[];
  /** CSP hashes of the <script> blocks public pages carry inline (their loader). */
  inlineScriptHashes?: string[];
  /**
   * A kept page with its inline stylesheet cut to the rules it uses (critical-css.ts), and the
   * hashes its CSP must allow instead of the whole stylesheet's.
   */
  pageStyles?(html: string): Promise<PageStyles>;
};

const NOT_PAGES = /^\/(api|uploads)(\/|$)/;

/**
 * Public pages may be revalidated by caches but must be asked for each time (the
 * promotion changes by the day); back-office pages are never stored.
 */
const PUBLIC_PAGE_CACHE = 'no-cache';
const ADMIN_PAGE_CACHE = 'no-store';

/**
 * The page in its frame. Nothing is preloaded: a public page asks for its islands' code only after
 * its first paint (entry-public.tsx), and the back office's shell for its own from its entry.
 */
function fillTemplate(template: string, page: Extract<RenderResult, { type: 'page' }>) {
  return template
    .replace('<!--app-head-->', () => page.head)
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
  /** What invalidates kept pages; kept pages need it (with a cacheable source). */
  content?: ContentChanges;
  /** Tests pass their own, to look inside or to shorten the re-check interval. */
  pageCache?: PageCache;
  /** The public forms that post without JavaScript (page-forms.ts). */
  pageForms?: PageFormRegistry;
  /** The public pages' Content-Security-Policy allowing these inline styles (security-headers.ts). */
  policyWithStyles?: (styleHashes: string[]) => string;
  /**
   * Told of every view of a public page once it is answered (200, or 304 for a page the browser
   * kept), kept or rendered: visitor analytics counts it there, off the page's way.
   */
  onPageView?: (request: FastifyRequest, path: string) => void;
  log?: FastifyBaseLogger;
};

/** A page made for a request: where to redirect, or its status, HTML and data versions. */
type RenderedPage =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'page'; status: number; html: string; versions: Record<string, string | number> };

const HTML = 'text/html; charset=utf-8';

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
  const dataFor = (entry: EntryServer, url: URL, site: SiteConfig, cookies?: Record<string, string | undefined>) =>
    collectPageData(pageData, pageData.isEmpty() ? [] : (entry.matchPage?.(url.pathname) ?? []), {
      db,
      clock,
      site,
      url,
      ...(cookies ? { cookies } : {}),
    });

  /**
   * Renders the page at `path` (a path with its query) with the site details of this moment, and
   * `form`, the state of a form posted to it without JavaScript (page-forms.ts), for its route.
   */
  async function renderPage(
    path: string,
    site: SiteConfig,
    form?: { routeId: string; state: unknown },
    cookies?: Record<string, string | undefined>,
  ): Promise<RenderedPage> {
    const url = siteUrl(path, site);
    const entry = await source.entry();
    const collected = await dataFor(entry, url, site, cookies);
    const pageData = form ? { ...collected.pageData, [form.routeId]: { data: form.state } } : collected.pageData;
    const result = await entry.render(new Request(url, { method: 'GET' }), site, pageData);
    if (result.type === 'redirect') return result;
    const template = await source.template(path, result.template);
    const html = fillTemplate(template, result);
    return { type: 'page', status: result.status, html, versions: collected.versions };
  }

  /** The page with only the styles it uses inline, and the policy allowing them, where the source can. */
  async function withPageStyles(html: string) {
    const { policyWithStyles } = options;
    if (!source.pageStyles || !policyWithStyles) return { html, contentSecurityPolicy: undefined };
    const styled = await source.pageStyles(html);
    return { html: styled.html, contentSecurityPolicy: policyWithStyles(styled.styleHashes) };
  }

  /**
   * A private page (the seller's) is made for each request and never kept, but it too gets only the
   * styles it uses: the cut is kept by the page's shape (its class names, attribute names and
   * islands), which a few variants share whoever the seller is, so it is made once per shape.
   */
  const privateStyles = new Map<string, { styles: string; policy: string | undefined }>();
  async function withPrivatePageStyles(html: string) {
    if (!source.pageStyles || !options.policyWithStyles) return { html, contentSecurityPolicy: undefined };
    const shape = createHash('sha256')
      .update([...new Set(html.match(/ (class|data-island|[a-z-]+)=/g) ?? [])].sort().join(' '))
      .update([...new Set(html.match(/ class="[^"]*"/g) ?? [])].sort().join(' '))
      .digest('hex');
    const style = /<style>[\s\S]*?<\/style>/.exec(html)?.[0];
    const kept = privateStyles.get(shape);
    if (kept && style) return { html: html.replace(style, () => kept.styles), contentSecurityPolicy: kept.policy };
    const styled = await withPageStyles(html);
    const cut = /<style>[\s\S]*?<\/style>/.exec(styled.html)?.[0];
    if (cut) {
      if (privateStyles.size >= 100) privateStyles.clear();
      privateStyles.set(shape, { styles: cut, policy: styled.contentSecurityPolicy });
    }
    return styled;
  }

  const keptPages =
    source.cacheable && options.content
      ? keptPageServer(options.pageCache ?? createPageCache(), options.content)
      : undefined;

  const { onPageView } = options;
  /** After the answer has gone: a public page's view, whether rendered, kept or not modified. */
  const countView = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || (reply.statusCode !== 200 && reply.statusCode !== 304)) return;
    const pathname = request.url.split('?')[0]!;
    if (!isAdminPath(pathname) && !NOT_PAGES.test(pathname)) onPageView?.(request, pathname);
  };

  const pageRouteOptions = {
    config: { access: 'public' as const },
    errorHandler: refusedPageHandler,
    ...(onPageView ? { onResponse: countView } : {}),
  };

  if (options.pageForms) registerPageForms(options.pageForms.list());

  /**
   * Each public form's plain post (page-forms.ts): its fields read from the form encoding (only
   * here: the API takes JSON only), handed to its feature, and answered with a redirect or its page
   * again. Never kept: the page holds what the visitor typed.
   */
  function registerPageForms(forms: readonly PageForm[]) {
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: PAGE_FORM_BODY_LIMIT },
        (_request, body, done) => done(null, formFields(body as string)),
      );
      for (const form of forms) {
        scope.post(form.path, { ...pageRouteOptions, bodyLimit: PAGE_FORM_BODY_LIMIT }, async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          let site: SiteConfig | undefined;
          try {
            const outcome = await form.handle(request.body as FormFields, request);
            if (outcome.type === 'redirect') return reply.redirect(outcome.location, 303);
            site = siteAt(clock());
            const page = await renderPage(form.path, site, { routeId: form.routeId, state: outcome.state });
            if (page.type === 'redirect') return reply.redirect(page.location, page.status);
            return reply.status(outcome.status).type(HTML).send(page.html);
          } catch (error) {
            if (error instanceof AppError && error.statusCode < 500) throw error; // refusedPageHandler's
            return sendServerErrorPage(request, reply, error, site?.tradingName);
          }
        });
      }
    });
  }

  app.get('/*', pageRouteOptions, async (request, reply) => {
    const verdict = pathVerdict(request.url);
    const { pathname } = verdict;
    // Before the page's own spelling rules: `//api/health` is no page either, and is not redirected.
    if (NOT_PAGES.test(pathname)) {
      if (sendMethodNotAllowed(reply, app.registeredRoutes, request.method, pathname)) return reply;
      throw new AppError('NOT_FOUND', `No such endpoint: GET ${pathname}`);
    }
    if (verdict.kind === 'refused') throw new AppError('NOT_FOUND', 'No page has this address');
    if (verdict.kind === 'redirect') return reply.redirect(verdict.location, 301);
    const admin = isAdminPath(pathname);
    const personal = isPrivatePagePath(pathname);
    reply.header('Cache-Control', admin || personal ? ADMIN_PAGE_CACHE : PUBLIC_PAGE_CACHE);
    if (admin || personal) reply.header('X-Robots-Tag', 'noindex, nofollow');
    if (personal) reply.header('Referrer-Policy', 'no-referrer');
    let site: SiteConfig | undefined;
    try {
      site = siteAt(clock());
      const cacheKey = keptPages && !admin && !personal ? pageCacheKey(request.url) : null;
      if (keptPages && cacheKey) return await keptPages.send(request, reply, cacheKey, site);
      const page = await renderPage(request.url, site, undefined, personal ? request.cookies : undefined);
      if (page.type === 'redirect') return reply.redirect(page.location, page.status);
      if (personal && source.cacheable) {
        const styled = await withPrivatePageStyles(page.html);
        if (styled.contentSecurityPolicy) reply.header('Content-Security-Policy', styled.contentSecurityPolicy);
        return reply.status(page.status).type(HTML).send(styled.html);
      }
      return reply.status(page.status).type(HTML).send(page.html);
    } catch (error) {
      return sendServerErrorPage(request, reply, error, site?.tradingName);
    }
  });

  /**
   * Serves public pages from the cache: a page is rendered once per content revision and
   * promotion phase (concurrent views of a changed page share that one render) and its bytes
   * are kept, compressed, until either moves on. Only 200 answers are kept: a 404 or a redirect
   * is answered as made, so made-up addresses cannot fill the cache.
   */
  function keptPageServer(pages: PageCache, content: ContentChanges) {
    async function send(request: FastifyRequest, reply: FastifyReply, key: string, site: SiteConfig) {
      const contentKey = `${content.revision()} ${site.promotion.phase}`;
      const kept = pages.get(key, contentKey);
      if (kept) {
        if (pages.isDue(kept)) void recheck(key, kept, site);
        return sendKept(request, reply, kept);
      }
      const page = await pages.once(`${key} ${contentKey}`, () => renderAndKeep(key, contentKey, site));
      if (page.type === 'redirect') return reply.redirect(page.location, page.status);
      if ('html' in page) return reply.status(page.status).type(HTML).send(page.html);
      return sendKept(request, reply, page);
    }

    async function renderAndKeep(key: string, contentKey: string, site: SiteConfig) {
      const page = await renderPage(key, site);
      if (page.type === 'redirect' || page.status !== 200) return page;
      const { html, contentSecurityPolicy } = await withPageStyles(page.html);
      const compressed = await compressPage(html);
      const kept = { status: page.status, contentKey, versions: page.versions, contentSecurityPolicy, ...compressed };
      pages.set(key, kept);
      return { type: 'kept' as const, ...kept };
    }

    /**
     * A change made outside this process that it did not hear about (a lost LISTEN connection, a
     * row edited by hand): every second or so a viewed page's data versions are read again
     * (from the features' few-seconds lists, so mostly without a query) and a page whose data
     * moved on is dropped. The view that noticed is served the kept page meanwhile.
     */
    function recheck(key: string, kept: CachedPage, site: SiteConfig) {
      return pages.once(`recheck ${key}`, async () => {
        try {
          const entry = await source.entry();
          const { versions } = await dataFor(entry, siteUrl(key, site), site);
          if (sameVersions(versions, kept.versions)) pages.confirm(kept);
          else pages.delete(key);
        } catch (error) {
          pages.confirm(kept); // the data cannot be read, so it has not changed here either
          options.log?.warn({ err: error, path: key }, 'could not re-check a kept page');
        }
      });
    }

    return { send };
  }

  function sendKept(request: FastifyRequest, reply: FastifyReply, page: Omit<CachedPage, 'checkedAt'>) {
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    reply.header('ETag', pageEtag(page.etag, encoding)).header('Vary', 'Accept-Encoding');
    if (page.contentSecurityPolicy) reply.header('Content-Security-Policy', page.contentSecurityPolicy);
    if (ifNoneMatchHits(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.status(page.status).type(HTML).send(page.bodies[encoding]);
  }

  /**
   * A page request refused before rendering (the request-safety check's 400 for a NUL in the query,
   * say), or a form post refused before its feature read it (the CSRF check's 403), gets a page a
   * person can read, not the API's JSON. Anything else, and every path under
   * /api, goes on to the app's error handler.
   */
  function refusedPageHandler(error: Error, request: FastifyRequest, reply: FastifyReply) {
    const { pathname } = pathVerdict(request.url);
    if (!(error instanceof AppError) || error.statusCode >= 500 || NOT_PAGES.test(pathname)) throw error;
    request.log.info({ code: error.code, detail: error.options.detail }, `page request refused: ${error.code}`);
    const page = request.method === 'POST' ? refusedFormPage : badRequestPage;
    return reply
      .status(error.statusCode)
      .header('Cache-Control', 'no-store')
      .type(HTML)
      .send(page({ tradingName: siteAt(clock()).tradingName, reference: request.id, status: error.statusCode }));
  }

  /** Any failure while making a page: logged with the request id, answered with the static error page. */
  function sendServerErrorPage(request: FastifyRequest, reply: FastifyReply, error: unknown, tradingName?: string) {
    if (error instanceof Error) source.onError?.(error);
    request.log.error({ err: error }, 'page failed');
    return reply
      .status(500)
      .header('Cache-Control', 'no-store')
      .type(HTML)
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
      // A private page's data goes only into its own page, with the cookie sent to its path alone.
      if (isAdminPath(url.pathname) || isPrivatePagePath(url.pathname)) {
        throw new AppError('NOT_FOUND', 'No public page has this address');
      }
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
