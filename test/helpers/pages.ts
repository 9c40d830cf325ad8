import { readFileSync } from 'node:fs';
import type { RenderSource } from '~/server/render/page-routes';

/** The app's real pages, rendered from the source (no build), for API tests of server-rendered HTML. */
const templates = {
  app: readFileSync(new URL('../../index.html', import.meta.url), 'utf8'),
  document: readFileSync(new URL('../../public.html', import.meta.url), 'utf8'),
};
export const appPages: RenderSource = {
  template: async (_url, kind) => templates[kind],
  entry: () => import('~/client/entry-server'),
};

/** What `GET /api/page-data?path=…` answers. */
export type PageDataAnswer = { routes: Record<string, { version: string | number; data: unknown }> };

/** The same pages as a built app serves them: public pages kept in memory (render/page-cache.ts). */
export const cachedAppPages: RenderSource = { ...appPages, cacheable: true };
