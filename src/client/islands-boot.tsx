import { startTransition } from 'react';
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
    void hydrateIsland(element, name, props, identifierPrefix, site);
  }
}

async function hydrateIsland(
  element: HTMLElement,
  name: IslandName,
  props: object,
  identifierPrefix: string | undefined,
  site: ReturnType<typeof readAppData>['site'],
) {
  let Component;
  try {
    Component = await islands[name]();
  } catch (error) {
    // A page from before a deploy asking for chunks that are gone: reload once for the new
    // version. Otherwise the server's HTML stays, and works as a plain document.
    if (!reloadIfOutdated(error)) throw error;
    return;
  }
  // The island's code has just been evaluated: the browser gets a turn before the hydration, so
  // the two are two short tasks on a phone, not one long one that holds up a tap.
  await yieldToBrowser();
  // As a transition: React (npm run dev) yields to the browser every few milliseconds instead of
  // holding the main thread for the whole wizard. Built, islands run on Preact (vite.config.ts),
  // which hydrates in one task.
  startTransition(() => {
    hydrateRoot(
      element,
      <IslandRoot site={site} hydrating={element}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix },
    );
  });
}

/** Lets the browser handle input and paint before going on (scheduler.yield where there is one). */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

hydrateAwakeIslands();
document.addEventListener(ISLAND_WAKE_EVENT, hydrateAwakeIslands);
