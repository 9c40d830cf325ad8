import spriteUrl from '~/client/components/icon-sprite.svg?no-inline';
import '~/client/styles/public.css';

/**
 * The public pages' loader (docs/decisions/003-public-page-speed.md). Public pages are documents:
 * the server's HTML is the page, complete and styled by the rules it and its islands use (inline in
 * its <head>), and works before any script (the registration boxes are plain forms, the header's
 * menu a popover, the links plain links). This wakes the page's islands (the interactive parts)
 * only when they are needed (island-wake.ts): at load for the wizard, as it nears the screen for the
 * review carousel, at the first touch or focus for a registration box. Only then does the page fetch
 * React and the islands' code (islands-boot.tsx). So a phone paints the page, and answers a tap,
 * before it spends anything on scripts, and on most pages spends nothing.
 *
 * The built server puts this module inline in every public page (render/production-source.ts), so
 * the page fetches no script before its first paint. That is why it imports no other module (the
 * server refuses a build where it does); the sprite's address is only a string. It reads the
 * islands' address from <html data-islands>, which the server fills in.
 */

/** The same key and guard as lib/new-version.ts, which this cannot import (see above). */
const RELOAD_MARK_KEY = 'reloaded-for-new-version';
const RELOAD_GUARD_MS = 60_000;

const CHUNK_LOAD_FAILED = /dynamically imported module|Importing a module script failed/i;

/**
 * The islands' code failed to load. When that is a page from before a deploy asking for a module
 * that has gone, reload once for the new version; otherwise (or when it reloaded a moment ago) the
 * server's HTML stays, and works as a plain document.
 */
function reloadOnceIfOutdated(error: unknown) {
  const outdated = error instanceof Error && CHUNK_LOAD_FAILED.test(error.message);
  if (!outdated || !markReload()) throw error;
  window.location.reload();
}

/** Notes a reload, unless there was one in the last minute (then reloading would loop). */
function markReload(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARK_KEY));
    if (last && Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_MARK_KEY, String(Date.now()));
    return true;
  } catch {
    return false; // storage refused: without a guard, do not risk a reload loop
  }
}

/**
 * Adds the sprite's symbols the page does not hold yet: the page carries those of the icons it draws
 * (components/sprite-symbols.ts), and islands may draw others later (a carousel's play button).
 */
async function addSpriteSymbols() {
  try {
    const sprite = new DOMParser().parseFromString(await (await fetch(spriteUrl)).text(), 'image/svg+xml');
    const holder = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    holder.style.display = 'none';
    for (const symbol of sprite.querySelectorAll('symbol')) {
      if (!document.getElementById(symbol.id)) holder.append(document.importNode(symbol, true));
    }
    document.body.append(holder);
  } catch {
    // Without them, an icon an island draws later is blank beside its text: the page goes on.
  }
}

/** A page opened in a background tab reports no paint: its islands start this long after it loads. */
const UNSEEN_PAGE_START_MS = 2_000;

/**
 * Runs `start` once the page has loaded and its largest content has been painted (the browser's
 * own LCP report; its first paint where it has no such report): what `start` fetches then does not
 * compete with the page's text and pictures for a slow phone's connection, and Lighthouse's
 * simulation does not put it on the way to that paint.
 */
function afterLoadAndPaint(start: () => void) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    setTimeout(start, 0);
  };
  const afterPaint = () => {
    const reported = PerformanceObserver.supportedEntryTypes ?? [];
    const type = ['largest-contentful-paint', 'paint'].find((t) => reported.includes(t));
    if (!type) return requestAnimationFrame(startOnce);
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      startOnce();
    });
    observer.observe({ type, buffered: true });
    setTimeout(startOnce, UNSEEN_PAGE_START_MS);
  };
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}

/** shared/analytics.ts's ANALYTICS_COLLECT_ENDPOINT (this module imports nothing, see above). */
const COLLECT_ENDPOINT = '/api/analytics/collect';

/**
 * The server counts every view of a page it serves (features/analytics). Going back or forward, the
 * browser may show a page without asking the server: from its back-forward cache (the page is
 * restored whole: `pageshow` with `persisted`) or from its HTTP cache (the page loads again, but its
 * navigation transferred nothing). Only then is the view told with a beacon, holding the page's
 * path alone; the server applies the same rules (bots, Do Not Track, Global Privacy Control).
 */
function countViewServerDidNotSee() {
  const body = new Blob([JSON.stringify({ path: location.pathname })], { type: 'application/json' });
  navigator.sendBeacon(COLLECT_ENDPOINT, body);
}
const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
if (navigation?.type === 'back_forward' && navigation.transferSize === 0) countViewServerDidNotSee();
window.addEventListener('pageshow', (event) => {
  if (event.persisted) countViewServerDidNotSee();
});

/** lib/island.tsx's ISLAND_ATTRIBUTES and islands-boot.tsx's event (this module imports nothing, see above). */
const ISLAND = { selector: '[data-island]', wake: 'data-wake', awake: 'data-awake' } as const;
const ISLAND_WAKE_EVENT = 'islands:wake';
/** What counts as the visitor reaching for an island: a touch, a click, a key, focus moving in. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

let islandsCode: Promise<unknown> | undefined;

/**
 * Brings `island` to life: the first time, fetches the islands' code (which hydrates what is awake
 * when it runs) and the sprite's other icons; later, tells the running code there is one more.
 */
function wake(island: HTMLElement) {
  if (island.hasAttribute(ISLAND.awake)) return;
  island.setAttribute(ISLAND.awake, '');
  if (islandsCode) {
    document.dispatchEvent(new Event(ISLAND_WAKE_EVENT));
    return;
  }
  const { islands } = document.documentElement.dataset;
  if (!islands) return;
  void addSpriteSymbols();
  islandsCode = import(/* @vite-ignore */ islands).catch(reloadOnceIfOutdated);
}

/** Wakes `island` at the first touch, click, key or focus inside it. */
function wakeOnInteraction(island: HTMLElement) {
  const onInteraction = () => {
    for (const type of INTERACTIONS) island.removeEventListener(type, onInteraction, true);
    wake(island);
  };
  for (const type of INTERACTIONS) island.addEventListener(type, onInteraction, true);
}

/**
 * Runs `action` once `element` is within a screen's height of the viewport (scrolling, a link to
 * its anchor, or Tab moving focus into it all bring it there), or at once without IntersectionObserver.
 */
function whenNearScreen(island: HTMLElement, action: () => void) {
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
  observer.observe(island.firstElementChild ?? island);
}

/** An image that has finished trying to load and has nothing to show. */
const failed = (image: HTMLImageElement) => image.complete && image.naturalWidth === 0;

/** Wakes `island` if one of its images fails, or failed before this ran (its event is then gone). */
function wakeOnImageError(island: HTMLElement) {
  island.addEventListener('error', () => wake(island), { capture: true, once: true });
  afterLoadAndPaint(() => [...island.querySelectorAll('img')].some(failed) && wake(island));
}

for (const island of document.querySelectorAll<HTMLElement>(ISLAND.selector)) {
  wakeOnInteraction(island);
  const when = island.getAttribute(ISLAND.wake);
  if (when === 'load') afterLoadAndPaint(() => wake(island));
  else if (when === 'visible') afterLoadAndPaint(() => whenNearScreen(island, () => wake(island)));
  else if (when === 'image-error') wakeOnImageError(island);
}

/**
 * The header's phone menu is a popover (components/site-header.tsx), which the browser opens and
 * closes on its own. This sets it just under the header (the demo ribbon may sit above it), closes
 * it when one of its links stays on this page (How It Works), and keeps its button's aria-expanded
 * right. In a browser without popovers, it opens and closes the menu itself.
 */
function enhanceSiteMenu() {
  const menu = document.getElementById('site-menu');
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  const toggle = document.querySelector<HTMLButtonElement>('[popovertarget="site-menu"]');
  if (!menu || !header || !toggle) return;
  const place = () => menu.style.setProperty('--site-menu-top', `${header.getBoundingClientRect().bottom}px`);
  if (typeof menu.showPopover !== 'function') {
    // No popovers (before Safari 17, Chrome 114, Firefox 125): the menu is a panel in the header's
    // flow (shown whole where scripts are off), hidden until its button is pressed.
    menu.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    toggle.addEventListener('click', () => {
      menu.hidden = !menu.hidden;
      toggle.setAttribute('aria-expanded', String(!menu.hidden));
    });
    return;
  }
  menu.addEventListener('beforetoggle', (event) => {
    if ((event as ToggleEvent).newState === 'open') place();
  });
  menu.addEventListener('toggle', (event) =>
    toggle.setAttribute('aria-expanded', String((event as ToggleEvent).newState === 'open')),
  );
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) menu.hidePopover();
  });
}

enhanceSiteMenu();
