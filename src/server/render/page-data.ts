import type { Clock } from '~/server/auth/sessions';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/http/app-error';
import type { PageData, PageMatch } from '~/client/entry-server';
import type { SiteConfig } from '~/shared/site-config';

/**
 * Server data for public pages, by route id (docs/decisions/002-page-data.md).
 * A feature registers a loader for its page's route id; the page's route in
 * src/client/routes.tsx has `loader: serverDataLoader(id)`. Loaders call
 * services directly, never over HTTP.
 */
export type PageDataLoaderContext = {
  db: Db;
  clock: Clock;
  /** The site details as they are for this request (promotion phase included). */
  site: SiteConfig;
  /** The route's path parameters, e.g. `{ id: '42' }` for `vehicles/:id`. */
  params: Record<string, string | undefined>;
  /** The page's address, with its query string (`?page=2`). */
  url: URL;
  /**
   * The request's cookies, for a private page only (the seller's page, isPrivatePagePath): a kept
   * public page is the same for everyone, so its loaders never see them.
   */
  cookies?: Record<string, string | undefined>;
};

export type PageDataResult<T = unknown> = {
  /** JSON-safe: it travels in the page's JSON block and from GET /api/page-data. */
  data: T;
  /**
   * Changes whenever `data` would: a row count and the latest update time, a
   * settings revision. The page cache (later) keys pages on the versions of
   * their routes' data, so it must never stay the same while the data changes.
   */
  version: string | number;
};

/**
 * Throw `new AppError('NOT_FOUND', …)` for a page whose subject does not exist:
 * the page then answers 404 with the not-found message, and the endpoint 404.
 */
export type PageDataLoader<T = unknown> = (context: PageDataLoaderContext) => Promise<PageDataResult<T>>;

export type PageDataRegistry = {
  register(routeId: string, loader: PageDataLoader): void;
  get(routeId: string): PageDataLoader | undefined;
  /** True while no feature has registered a loader: pages then need no route matching for data. */
  isEmpty(): boolean;
};

export function createPageDataRegistry(): PageDataRegistry {
  const loaders = new Map<string, PageDataLoader>();
  return {
    register(routeId, loader) {
      if (loaders.has(routeId)) throw new Error(`A page-data loader is already registered for route ${routeId}`);
      loaders.set(routeId, loader);
    },
    get: (routeId) => loaders.get(routeId),
    isEmpty: () => loaders.size === 0,
  };
}

export type CollectedPageData = {
  /** For the renderer, by route id: the data, or the 4xx a loader refused with. */
  pageData: PageData;
  /** The matched routes' data versions, by route id (the page cache's key, with the path). */
  versions: Record<string, string | number>;
  /** The 4xx refusals, by route id, for the JSON endpoint to answer with. */
  refusals: Record<string, AppError>;
};

/**
 * Runs the loaders of the matched routes that have one, side by side. A 4xx
 * AppError becomes that route's status; anything else is a failure the caller
 * answers with its error page.
 */
export async function collectPageData(
  registry: PageDataRegistry,
  matches: PageMatch[],
  context: Omit<PageDataLoaderContext, 'params'>,
): Promise<CollectedPageData> {
  const collected: CollectedPageData = { pageData: {}, versions: {}, refusals: {} };
  await Promise.all(
    matches.map(async ({ routeId, params }) => {
      const loader = registry.get(routeId);
      if (!loader) return;
      try {
        const result = await loader({ ...context, params });
        collected.pageData[routeId] = { data: result.data };
        collected.versions[routeId] = result.version;
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          collected.pageData[routeId] = { status: error.statusCode };
          collected.refusals[routeId] = error;
          return;
        }
        throw error;
      }
    }),
  );
  return collected;
}
