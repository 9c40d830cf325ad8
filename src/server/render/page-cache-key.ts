/**
 * Which addresses of public pages may be kept, and under what key (page-cache.ts).
 *
 * A page that reads a query parameter renders differently for each value, and a value may be the
 * visitor's own (the registration a seller typed on the home page arrives as
 * `/valuation?registration=…`), so a query parameter makes a page uncacheable unless it is:
 * - one this page is known to read and whose values are public and few (`?page=` of a list),
 *   which is then part of the key; or
 * - a campaign tag no page reads (`utm_source`, `gclid`…), which is dropped: an advert's visitors
 *   get the kept page (and the rendered page never sees the tag, so it cannot show it).
 */
const KEYED_QUERY: Readonly<Record<string, readonly string[]>> = {
  '/recently-purchased': ['page'],
};

const CAMPAIGN_TAG =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|gclsrc|fbclid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_gl)$/i;

/** Longer addresses are rendered, never kept: no public page has one. */
const MAX_KEY_LENGTH = 200;

/** The cache key of a request's path and query, or null when the page must be rendered for it alone. */
export function pageCacheKey(requestUrl: string): string | null {
  const queryAt = requestUrl.indexOf('?');
  if (queryAt === -1) return requestUrl.length <= MAX_KEY_LENGTH ? requestUrl : null;
  const pathname = requestUrl.slice(0, queryAt);
  const keyed = KEYED_QUERY[pathname] ?? [];
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(requestUrl.slice(queryAt + 1))) {
    if (keyed.includes(name)) {
      if (kept.has(name)) return null; // `?page=1&page=2`: which one the page reads is not ours to guess
      kept.append(name, value);
    } else if (!CAMPAIGN_TAG.test(name)) {
      return null;
    }
  }
  const query = kept.toString();
  const key = query ? `${pathname}?${query}` : pathname;
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/** True when two sets of page-data versions (by route id) are the same. */
export function sameVersions(a: Record<string, string | number>, b: Record<string, string | number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
