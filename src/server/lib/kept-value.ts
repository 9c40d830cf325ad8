/**
 * A value read once and kept for a few seconds, for data every public page view shows but that
 * changes only when staff change it (published reviews, purchased vehicles). The change
 * invalidates it in this process at once; other processes see the change within `maxAgeMs`.
 * Concurrent callers share one read, and a failed read is not kept.
 */
export type KeptValue<T> = {
  get(): Promise<T>;
  /** Forgets the kept value: the next `get` reads again. */
  invalidate(): void;
};

export function createKeptValue<T>(
  read: () => Promise<T>,
  options: { maxAgeMs: number; monotonicMs?: (() => number) | undefined },
): KeptValue<T> {
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  let kept: { at: number; value: Promise<T> } | undefined;
  return {
    get() {
      if (!kept || monotonicMs() - kept.at > options.maxAgeMs) {
        const entry = { at: monotonicMs(), value: read() };
        kept = entry;
        entry.value.catch(() => {
          if (kept === entry) kept = undefined;
        });
      }
      return kept.value;
    },
    invalidate() {
      kept = undefined;
    },
  };
}
