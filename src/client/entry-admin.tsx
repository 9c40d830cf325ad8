import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { readAppData } from '~/client/lib/app-data';
import { reloadIfOutdated } from '~/client/lib/new-version';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { runZodWithoutEval } from '~/client/lib/zod-without-eval';
import { appRoutes } from '~/client/routes';
import '~/client/styles/app.css';

runZodWithoutEval();

/**
 * The back office: an app rendered in the browser, with its own router and data client. The
 * server sends it an empty shell (public pages are documents: entry-public.tsx).
 */

/** Loads the lazy route modules of the first screen before rendering, so it needs no fallback. */
async function loadMatchedLazyRoutes(routeTable: RouteObject[]) {
  const matches = matchRoutes(routeTable, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

async function start() {
  const data = readAppData();
  try {
    await loadMatchedLazyRoutes(appRoutes);
  } catch (error) {
    // A screen from before a deploy asking for chunks that are gone: reload once for the new version.
    if (reloadIfOutdated(error)) return;
    throw error;
  }
  const router = createBrowserRouter(appRoutes);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SiteConfigProvider value={data.site}>
        <RouterProvider router={router} />
      </SiteConfigProvider>
    </StrictMode>,
  );
}

void start();
