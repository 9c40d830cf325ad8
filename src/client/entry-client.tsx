import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { readAppData } from '~/client/lib/app-data';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { routes } from '~/client/routes';
import '~/client/styles/app.css';

/**
 * Load the lazy route modules the server rendered before hydrating, so the first
 * client render matches the server's HTML instead of showing a fallback.
 */
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
  // Resolve the first page's lazy modules up front: server-rendered pages then
  // hydrate to identical markup, and browser-rendered (admin) pages need no fallback.
  await loadMatchedLazyRoutes(routes);
  const router = createBrowserRouter(routes, data.router ? { hydrationData: data.router } : {});
  const app = (
    <StrictMode>
      <SiteConfigProvider value={data.site}>
        <RouterProvider router={router} />
      </SiteConfigProvider>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (data.router) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
