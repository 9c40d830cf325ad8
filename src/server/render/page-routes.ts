import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderResult } from '~/client/entry-server';
import { AppError } from '~/server/http/app-error';
import { isAdminPath } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';

export type EntryServer = { render(request: Request, site: SiteConfig): Promise<RenderResult> };

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

function fetchRequest(request: FastifyRequest, site: SiteConfig): Request {
  return new Request(new URL(request.url, site.publicBaseUrl), { method: 'GET' });
}

function fillTemplate(template: string, page: Extract<RenderResult, { type: 'page' }>, preload: string) {
  return template
    .replace('<!--app-head-->', [page.head, preload].filter(Boolean).join('\n    '))
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => page.data);
}

/** Every GET that is not the API, an upload or a static file renders a page. */
export function registerPageRoutes(
  app: FastifyInstance,
  options: { source: RenderSource; siteAt: (now: Date) => SiteConfig; clock: () => Date },
) {
  const { source, siteAt, clock } = options;
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (NOT_PAGES.test(pathname)) throw new AppError('NOT_FOUND', `No such endpoint: GET ${pathname}`);
    try {
      const site = siteAt(clock());
      const [template, entry] = await Promise.all([source.template(request.url), source.entry()]);
      const result = await entry.render(fetchRequest(request, site), site);
      if (result.type === 'redirect') return reply.redirect(result.location, result.status);
      const html = fillTemplate(template, result, source.preloadTags(result.routeIds));
      if (isAdminPath(pathname)) {
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
      return reply.status(result.status).type('text/html; charset=utf-8').send(html);
    } catch (error) {
      source.onError?.(error as Error);
      throw error;
    }
  });
}
