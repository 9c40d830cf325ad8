/**
 * Every analytics query asks again this often while the screen is open, so a new visit shows
 * within 30 seconds (issue 15). Hidden tabs do not ask (TanStack Query's default).
 */
export const ANALYTICS_REFETCH_MS = 15_000;
/** Switching back to a range seen a moment ago asks again rather than showing old figures. */
export const ANALYTICS_STALE_MS = 5_000;
