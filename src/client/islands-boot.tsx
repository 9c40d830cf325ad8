import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { reloadIfOutdated } from '~/client/lib/new-version';
import { readAppData } from '~/client/lib/app-data';
import { ISLAND_ATTRIBUTES, IslandRoot } from '~/client/lib/island';
import { islands, type IslandName } from '~/client/islands';
import { runZodWithoutEval } from '~/client/lib/zod-without-eval';

// Before any island's form code (zod) loads: see zod-without-eval.ts.
runZodWithoutEval();

/** The event the page's loader (entry-public.tsx) sends on `document` each time it wakes an island. */
const ISLAND_WAKE_EVENT = 'islands:wake';

const hydrated = new WeakSet<Element>();

/**
 * Brings to life each island of a public page the loader has woken (entry-public.tsx marks it
 * `data-awake`, island-wake.ts says when), each as a root of its own, loading only its own code.
 * Runs when this module first loads (the loader imports it for the first island it wakes) and again
 * on each later wake. There is no router: links are links, and Back, scrolling and loading are the
 * browser's.
 */
function hydrateAwakeIslands() {
  const { site } = readAppData();
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTES.awake}]`)) {
    if (hydrated.has(element)) continue;
    hydrated.add(element);
    const name = element.getAttribute(ISLAND_ATTRIBUTES.name) as IslandName;
    const props = JSON.parse(element.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as object;
    const identifierPrefix = element.getAttribute(ISLAND_ATTRIBUTES.idPrefix) ?? undefined;
    hydrateIsland(element, name, props, identifierPrefix, site);
  }
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
      // As a transition: React (npm run dev) yields to the browser every few milliseconds instead
      // of holding the main thread for the whole wizard. Built, islands run on Preact
      // (vite.config.ts), which hydrates the wizard in one short task.
      startTransition(() => {
        hydrateRoot(
          element,
          <IslandRoot site={site}>
            <MarkHydrated island={element}>
              <Component {...props} />
            </MarkHydrated>
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

/**
 * Marks the island `data-hydrated` once it has come to life (its first effects run after hydration),
 * for the browser tests, which must not press a button before it answers.
 */
function MarkHydrated({ island, children }: { island: HTMLElement; children: ReactNode }) {
  useEffect(() => island.setAttribute(ISLAND_ATTRIBUTES.hydrated, ''), [island]);
  return children;
}

hydrateAwakeIslands();
document.addEventListener(ISLAND_WAKE_EVENT, hydrateAwakeIslands);
