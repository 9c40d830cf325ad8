/**
 * One run at a time per key: a call for a key whose run is still under way shares that run's
 * promise instead of starting another (concurrent lookups of one registration make one provider
 * call). The key is forgotten as soon as its run settles, so a failure is not kept.
 */
export function oncePerKey<V>(run: (key: string) => Promise<V>): (key: string) => Promise<V> {
  const running = new Map<string, Promise<V>>();
  return (key) => {
    let current = running.get(key);
    if (!current) {
      current = run(key).finally(() => running.delete(key));
      running.set(key, current);
    }
    return current;
  };
}
