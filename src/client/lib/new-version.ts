/**
 * After a deploy, a page loaded before it asks for chunks whose hashed names no longer exist. This
 * tells those failures apart and reloads the page once for the new version (the back office's
 * router and the public pages' islands alike).
 */

/**
 * Browsers' wording when a dynamic import fails (Chromium, Firefox, Safari; Vite's preload helper
 * says "Unable to preload CSS").
 */
const CHUNK_LOAD_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILED.test(error.message);
}

export const RELOAD_MARK_KEY = 'reloaded-for-new-version';
/** A second failure within this time of the last reload shows the message instead of reloading again. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page once to pick up a new deploy, unless it did so in the last
 * minute (then the failure is not a stale page, and reloading would loop).
 * Returns whether it reloaded.
 */
export function reloadOnceForNewVersion(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  reload: () => void,
  now = Date.now(),
): boolean {
  try {
    if (!storage) return false;
    const last = Number(storage.getItem(RELOAD_MARK_KEY));
    if (last && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_MARK_KEY, String(now));
  } catch {
    // Storage refused (private browsing, quota): without a guard, do not risk a loop.
    return false;
  }
  reload();
  return true;
}

export function browserSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * For a script that failed to load: when it is a chunk gone after a deploy, reloads the page once
 * for the new version and returns true. Otherwise (or when it reloaded a moment ago) returns false,
 * and the caller goes on without it.
 */
export function reloadIfOutdated(error: unknown): boolean {
  return isChunkLoadFailure(error) && reloadOnceForNewVersion(browserSessionStorage(), () => window.location.reload());
}
