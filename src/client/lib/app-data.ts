import type { SiteConfig } from '~/shared/site-config';

/**
 * What the server hands the browser with each page, as a JSON <script> (data,
 * not code, so the CSP can forbid inline scripts): the business details, for the
 * back office and the public pages' islands (each island carries its own props).
 */
export type AppData = {
  site: SiteConfig;
};

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
