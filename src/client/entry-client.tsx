import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { browserSessionStorage, reloadOnceForNewVersion, routeErrorKind } from '~/client/components/route-error';
import { readAppData, type AppData } from '~/client/lib/app-data';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { runZodWithoutEval } from '~/client/lib/zod-without-eval';
import { routes } from '~/client/routes';
import '~/client/styles/app.css';

runZodWithoutEval();

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

/** The server's router state, with its 4xx route errors rebuilt as the router expects them. */
function hydrationState(router: NonNullable<AppData['router']>): HydrationState {
  const errors = router.errors
    ? Object.fromEntries(
        Object.entries(router.errors).map(([id, e]) => [id, new ErrorResponse(e.status, e.statusText, e.data)]),
      )
    : null;
  return { loaderData: router.loaderData, actionData: router.actionData, errors };
}

async function start() {
  const data = readAppData();
  // Resolve the first page's lazy modules up front: server-rendered pages then
  // hydrate to identical markup, and browser-rendered (admin) pages need no fallback.
  try {
    await loadMatchedLazyRoutes(routes);
  } catch (error) {
    // A page from before a deploy asking for chunks that are gone: reload once for
    // the new version. Otherwise the server's HTML stays, working without scripts.
    if (
      routeErrorKind(error) === 'outdated' &&
      reloadOnceForNewVersion(browserSessionStorage(), () => location.reload())
    )
      return;
    throw error;
  }
  const router = createBrowserRouter(routes, data.router ? { hydrationData: hydrationState(data.router) } : {});
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
