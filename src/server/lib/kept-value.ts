/**
 * A value read once and kept for a while, for data every view shows but that changes only when
 * someone changes it (published reviews, purchased vehicles, the dashboard's settled counts). The
 * change invalidates it in this process at once; other processes see the change within `maxAgeMs`.
 * Concurrent callers share one read, and a failed read is not kept. A value can depend on a key
 * (the day, say): asked with another key, it is read again.
 */
export type KeptValue<T> = {
  get(key?: string): Promise<T>;
  /** Forgets the kept value: the next `get` reads again. */
  invalidate(): void;
};

export function createKeptValue<T>(
  read: (key: string | undefined) => Promise<T>,
  options: { maxAgeMs: number; monotonicMs?: (() => number) | undefined },
): KeptValue<T> {
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  let kept: { at: number; key: string | undefined; value: Promise<T> } | undefined;
  return {
    get(key) {
      if (!kept || kept.key !== key || monotonicMs() - kept.at > options.maxAgeMs) {
        const entry = { at: monotonicMs(), key, value: read(key) };
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
