import type { HydrationState } from 'react-router';
import type { SiteConfig } from '~/shared/site-config';

/**
 * What the server hands the browser with each page, as a JSON <script> (data,
 * not code, so the CSP can forbid inline scripts): the business details and,
 * on server-rendered pages, the router state to hydrate from, which holds the
 * page's server data (src/client/lib/page-data.ts).
 */
export type AppData = {
  site: SiteConfig;
  router?: Pick<HydrationState, 'loaderData' | 'actionData'> & {
    /** Routes that answered with a 4xx (a 404 from a page-data loader, say). Failures (5xx) never get here. */
    errors?: Record<string, SerializedRouteError> | null;
  };
};

/** A thrown route error response, as JSON; the browser rebuilds it before hydrating. */
export type SerializedRouteError = { status: number; statusText: string; data: unknown };

export const APP_DATA_ELEMENT_ID = 'app-data';

/** JSON safe to place inside <script>: no "</script>" or "<!--" can end it early. */
export function serializeAppData(data: AppData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script id="${APP_DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
}

export function readAppData(): AppData {
  const element = document.getElementById(APP_DATA_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page is missing its app data');
  return JSON.parse(element.textContent) as AppData;
}
