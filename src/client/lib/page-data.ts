import { data, type LoaderFunction } from 'react-router';

/**
 * Server data for public pages (docs/decisions/002-page-data.md).
 *
 * The server runs the page-data loaders registered for the matched routes
 * before rendering, and hands the results to the route loaders below through
 * the static handler's request context; the router puts them in the hydration
 * data, so the browser gets them once, in the page's JSON block. When the
 * visitor then moves to another page in the browser, the same loaders ask the
 * one JSON endpoint, which runs the same server loaders.
 */
export const PAGE_DATA_ENDPOINT = '/api/page-data';

/** One route's answer: its data, or the status a page-data loader refused with (404, say). */
export type RoutePageData = { data: unknown } | { status: number };

/** What the server puts in the static handler's request context while rendering. */
export type PageDataContext = { pageData: Record<string, RoutePageData> };

/** GET /api/page-data?path=… answers this. */
export type PageDataResponse = { routes: Record<string, { version: string | number; data: unknown }> };

const isPageDataContext = (context: unknown): context is PageDataContext =>
  typeof context === 'object' && context !== null && 'pageData' in context;

/** One request per navigation, shared by every route of it that has server data. */
let inFlight: { key: string; response: Promise<Response> } | undefined;

function fetchPageData(url: URL, signal: AbortSignal): Promise<Response> {
  const key = `${url.pathname}${url.search}`;
  if (inFlight?.key !== key) {
    const response = fetch(`${PAGE_DATA_ENDPOINT}?path=${encodeURIComponent(key)}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
    inFlight = { key, response };
    const clear = () => {
      if (inFlight?.response === response) inFlight = undefined;
    };
    response.then(clear, clear);
  }
  return inFlight.response.then((response) => response.clone());
}

/**
 * The loader of a route whose data comes from the server, registered there under
 * the same route id. In the page, read it with `useLoaderData()`.
 */
export function serverDataLoader(routeId: string): LoaderFunction {
  return async ({ request, context }) => {
    if (isPageDataContext(context)) {
      const answer = context.pageData[routeId];
      if (!answer) throw new Error(`No page data was collected for route ${routeId}`);
      if ('status' in answer) throw data(null, { status: answer.status });
      return answer.data;
    }
    const response = await fetchPageData(new URL(request.url), request.signal);
    if (!response.ok) throw data(null, { status: response.status });
    const body = (await response.json()) as PageDataResponse;
    const route = body.routes[routeId];
    if (!route) throw new Error(`The server sent no page data for route ${routeId}`);
    return route.data;
  };
}

/**
 * The loader of a public page with a form that posts without JavaScript (src/server/render/
 * page-forms.ts): the form's state when the server renders the page again after such a post (what
 * was typed, the messages), null on any other visit. Read it with `useLoaderData()`. Public pages
 * are rendered on the server only, so it runs only there.
 */
export function pageFormStateLoader(routeId: string): LoaderFunction {
  return ({ context }) => {
    const answer = isPageDataContext(context) ? context.pageData[routeId] : undefined;
    return answer && 'data' in answer ? answer.data : null;
  };
}
