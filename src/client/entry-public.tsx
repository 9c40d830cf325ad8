import spriteUrl from '~/client/components/icon-sprite.svg?no-inline';
import '~/client/styles/public.css';

/**
 * The public pages' loader (docs/decisions/003-public-page-speed.md). Public pages are documents:
 * the server's HTML is the page, complete and styled by the rules it uses (inline in its <head>),
 * and works before any script (the registration boxes are plain forms, the links plain links).
 * Once it has loaded and painted, this fetches what its islands (the interactive parts) need: the
 * whole public stylesheet, for the states they move to, then React and their code
 * (islands-boot.tsx). So a slow phone paints the page before it spends anything on scripts.
 *
 * The built server puts this module inline in every public page (render/production-source.ts), so
 * the page fetches no script or stylesheet before its first paint. That is why it imports no other
 * module (the server refuses a build where it does); the sprite's address is only a string. It reads
 * the other addresses from <html data-islands> and <html data-stylesheet>, which the server fills in.
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
 * (components/sprite-symbols.ts), and islands may draw others later (a menu's close button).
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

/** Adds a <link> to the <head>; resolves when it has loaded or failed (the page goes on without it). */
function addLink(rel: string, href: string) {
  const link = Object.assign(document.createElement('link'), { rel, href });
  const settled = new Promise<void>((resolve) => {
    link.onload = link.onerror = () => resolve();
  });
  document.head.append(link);
  return settled;
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

const { islands, stylesheet } = document.documentElement.dataset;
afterLoadAndPaint(() => {
  // All are fetched at once; the islands start once their styles and icons are there.
  const styled = Promise.all([stylesheet ? addLink('stylesheet', stylesheet) : undefined, addSpriteSymbols()]);
  if (!islands) return;
  void addLink('modulepreload', islands);
  void styled.then(() => import(/* @vite-ignore */ islands).catch(reloadOnceIfOutdated));
});
