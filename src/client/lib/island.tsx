import { createContext, StrictMode, useContext, useEffect, useId, type ComponentType, type ReactNode } from 'react';
import type { IslandName } from '~/client/islands';
import { islandWake } from '~/client/island-wake';
import { SiteConfigProvider, useSiteConfig } from '~/client/lib/site-config';
import type { SiteConfig } from '~/shared/site-config';

/**
 * Islands: the interactive parts of public pages (docs/decisions/003-public-page-speed.md).
 *
 * A public page is a document rendered on the server; in the browser only its islands come to life,
 * each as a React root of its own (src/client/entry-public.tsx), with no router. An island is a
 * component whose props are plain JSON data (they travel in the page), wrapped with `island()`:
 *
 *   export const ReviewCarouselIsland = island('features/public/reviews/review-carousel', ReviewCarousel);
 *
 * and listed under the same name, its module path under src/client, in src/client/islands.ts, with
 * when it comes to life in src/client/island-wake.ts.
 * Inside an island there is no router: links are plain <a>, and navigation is the browser's.
 *
 * On the server each island is rendered as a root of its own too (with its own useId prefix), so
 * the browser's first render matches it exactly. Where no renderer is provided (the back office,
 * which renders in the browser, and unit tests), the wrapper is just the component.
 *
 * In the built site the islands run on Preact (vite.config.ts), so the server renders their HTML
 * with Preact too (render-island.tsx, built on its own): the page around them is React's.
 */

/** One island to render on the server (render-island.tsx knows its component by name). */
export type IslandToRender = {
  name: IslandName;
  props: object;
  site: SiteConfig;
  idPrefix: string;
};

/** Renders one island's tree to HTML (render-island.tsx, given by the server entry). */
export type IslandRenderer = (island: IslandToRender) => string;

const IslandRendererContext = createContext<IslandRenderer | null>(null);
export const IslandRendererProvider = IslandRendererContext.Provider;

/**
 * What an island's tree is wrapped in, on the server and in the browser alike. In the browser,
 * `hydrating` is the island's element, marked `data-hydrated` once it has come to life (its first
 * effects run after hydration), for the browser tests, which must not press a button before it answers.
 */
export function IslandRoot({
  site,
  hydrating,
  children,
}: {
  site: SiteConfig;
  hydrating?: HTMLElement;
  children: ReactNode;
}) {
  useEffect(() => hydrating?.setAttribute(ISLAND_ATTRIBUTES.hydrated, ''), [hydrating]);
  return (
    <StrictMode>
      <SiteConfigProvider value={site}>{children}</SiteConfigProvider>
    </StrictMode>
  );
}

/** The attributes that mark an island in the page, read by entry-public.tsx. */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  idPrefix: 'data-island-id',
  props: 'data-props',
  /** When it comes to life (island-wake.ts). */
  wake: 'data-wake',
  /** Set by the loader once it is to come to life; islands-boot.tsx hydrates what has it. */
  awake: 'data-awake',
  /** Set by islands-boot.tsx once it has come to life. */
  hydrated: 'data-hydrated',
} as const;

export function island<P extends object>(name: IslandName, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const render = useContext(IslandRendererContext);
    const site = useSiteConfig();
    const id = useId();
    if (!render) return <Component {...props} />;
    // useId's characters are not all safe in attributes and ids; the prefix only needs to be unique.
    const idPrefix = `i${id.replace(/[^\w-]/g, '')}-`;
    return (
      <div
        {...{
          [ISLAND_ATTRIBUTES.name]: name,
          [ISLAND_ATTRIBUTES.idPrefix]: idPrefix,
          [ISLAND_ATTRIBUTES.props]: JSON.stringify(props),
          [ISLAND_ATTRIBUTES.wake]: islandWake[name],
        }}
        className="contents"
        dangerouslySetInnerHTML={{ __html: render({ name, props, site, idPrefix }) }}
      />
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
