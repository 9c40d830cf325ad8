import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { reloadIfOutdated } from '~/client/lib/new-version';
import { readAppData } from '~/client/lib/app-data';
import { ISLAND_ATTRIBUTES, IslandRoot } from '~/client/lib/island';
import { islands, islandsWhenVisible, type IslandName } from '~/client/islands';
import { runZodWithoutEval } from '~/client/lib/zod-without-eval';

// Before any island's form code (zod) loads: see zod-without-eval.ts.
runZodWithoutEval();

/**
 * Brings a public page's islands to life (entry-public.tsx loads this once the page has painted;
 * it is an entry of its own, so the page's HTML does not name its modules to preload):
 * each is hydrated as a root of its own, loading only its own code. There is no router: links are
 * links, and Back, scrolling and loading are the browser's.
 */
export function hydrateIslands() {
  const { site } = readAppData();
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTES.name}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTES.name) as IslandName;
    const props = JSON.parse(element.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as object;
    const identifierPrefix = element.getAttribute(ISLAND_ATTRIBUTES.idPrefix) ?? undefined;
    const hydrate = () => hydrateIsland(element, name, props, identifierPrefix, site);
    if (islandsWhenVisible.has(name)) whenNearScreen(element, hydrate);
    else hydrate();
  }
}

/**
 * Runs `action` once `element` is within a screen's height of the viewport (scrolling, a link to
 * its anchor, or Tab moving focus into it all bring it there), or at once without IntersectionObserver.
 */
function whenNearScreen(element: HTMLElement, action: () => void) {
  if (typeof IntersectionObserver !== 'function') return action();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      action();
    },
    { rootMargin: '100% 0px' },
  );
  // The island's wrapper is display: contents (no box of its own): watch its first element.
  observer.observe(element.firstElementChild ?? element);
}

function hydrateIsland(
  element: HTMLElement,
  name: IslandName,
  props: object,
  identifierPrefix: string | undefined,
  site: ReturnType<typeof readAppData>['site'],
) {
  islands[name]().then(
    (Component) =>
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // holding a slow phone's main thread for the whole wizard (no long task, no blocked tap).
      startTransition(() => {
        hydrateRoot(
          element,
          <IslandRoot site={site}>
            <Component {...props} />
          </IslandRoot>,
          { identifierPrefix },
        );
      }),
    (error: unknown) => {
      // A page from before a deploy asking for chunks that are gone: reload once for the new
      // version. Otherwise the server's HTML stays, and works as a plain document.
      if (!reloadIfOutdated(error)) throw error;
    },
  );
}

hydrateIslands();
