/**
 * When a failed attempt is tried again: about 1 min, 5 min, 30 min, 2 h and 6 h after attempts
 * one to five; the sixth failure is final. That spans about nine hours, long enough to ride out a
 * provider's outage, short enough that a seller does not get an offer the next day.
 */
const MINUTE = 60_000;
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * The wait after `attempts` attempts have failed, or undefined when there are no retries left.
 * Jitter (±20 %) spreads out messages that failed together, so a recovering provider is not hit
 * by all of them in the same second.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number | undefined {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (0.8 + 0.4 * random()));
}
