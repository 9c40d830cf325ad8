import type { SiteConfig } from '~/shared/site-config';

/** A route or a route match: both carry the route's `handle`. */
type HasHandle = { handle?: unknown };

/** What a route says about itself for the document head. */
export type PageMeta = {
  /** Page title without the brand; the brand is appended. */
  title: string;
  description?: string;
  /** Pages that must not be indexed (admin, not found). */
  noindex?: boolean;
};

export type RouteHandle = {
  meta?: PageMeta | ((site: SiteConfig) => PageMeta);
  /** HTTP status for server rendering, e.g. 404 for the not-found route. */
  status?: number;
};

export function handleOf(match: HasHandle): RouteHandle | undefined {
  return (match.handle ?? undefined) as RouteHandle | undefined;
}

/** The deepest route that describes itself wins. */
export function resolvePageMeta(matches: HasHandle[], site: SiteConfig): PageMeta {
  for (const match of [...matches].reverse()) {
    const meta = handleOf(match)?.meta;
    if (meta) return typeof meta === 'function' ? meta(site) : meta;
  }
  return { title: 'Sell your car the simple way' };
}

export function documentTitle(meta: PageMeta, site: SiteConfig): string {
  return `${meta.title} | ${site.tradingName}`;
}

export function resolveStatus(matches: HasHandle[]): number {
  for (const match of [...matches].reverse()) {
    const status = handleOf(match)?.status;
    if (status) return status;
  }
  return 200;
}
